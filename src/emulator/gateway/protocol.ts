// The gateway's numbers and field readings (docs/topics/opcodes-and-status-codes.mdx, docs/events/gateway.mdx).
import { DEFAULT_LARGE_THRESHOLD } from '../payloads.js';

export const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
  RequestSoundboardSounds: 31,
} as const;

export const Close = {
  UnknownOpcode: 4001,
  DecodeError: 4002,
  NotAuthenticated: 4003,
  AuthenticationFailed: 4004,
  AlreadyAuthenticated: 4005,
  InvalidShard: 4010,
  ShardingRequired: 4011,
  InvalidApiVersion: 4012,
  InvalidIntents: 4013,
  DisallowedIntents: 4014,
} as const;

/** Client close codes after which Discord forgets the session. */
export const SESSION_ENDING_CLOSES = new Set([1000, 1001]);

/** Each shard holds at most this many guilds (docs/events/gateway.mdx, "Sharding"); more: close 4011. */
export const MAX_GUILDS_PER_SHARD = 2_500;
/** IDENTIFYs of one `shard_id % max_concurrency` bucket must be this far apart. */
export const IDENTIFY_INTERVAL_MS = 5_000;

/** The token of an IDENTIFY or RESUME, without the `Bot ` discord.js may put before it. */
export function stripBotPrefix(token: unknown): string {
  return typeof token === 'string' ? token.replace(/^Bot\s+/i, '') : '';
}

/** IDENTIFY's `shard: [id, count]` (absent: [0, 1]); null when it is not a valid pair. */
export function readShard(value: unknown): [number, number] | null {
  if (value === undefined) return [0, 1];
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [id, count] = value;
  if (!Number.isInteger(id) || !Number.isInteger(count) || count < 1 || id < 0 || id >= count) return null;
  return [id, count];
}

/** IDENTIFY's `large_threshold`: "Value between 50 and 250" (docs/events/gateway-events.mdx), 50 when absent. */
export function largeThresholdOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 50 && value <= 250
    ? value
    : DEFAULT_LARGE_THRESHOLD;
}
