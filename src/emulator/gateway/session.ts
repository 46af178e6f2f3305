import type { WebSocket } from 'ws';
import type { ApplicationRecord } from '../world.js';

/** Dispatches kept for RESUME; older ones force a fresh IDENTIFY (op 9), as on Discord. */
const REPLAY_BUFFER = 2_000;

export const Intent = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  GuildPresences: 1 << 8,
  GuildMessages: 1 << 9,
  DirectMessages: 1 << 12,
  MessageContent: 1 << 15,
} as const;

export const PRIVILEGED_INTENTS = Intent.GuildMembers | Intent.GuildPresences | Intent.MessageContent;

/** Whether a guild's events belong to a shard: `(guild_id >> 22) % shard_count`; DMs go to shard 0. */
export function coversGuild(shard: readonly [number, number], guildId: string | null): boolean {
  const [id, count] = shard;
  if (guildId === null) return id === 0;
  if (count === 1) return true;
  return Number((BigInt(guildId) >> 22n) % BigInt(count)) === id;
}

interface BufferedFrame {
  seq: number;
  frame: string;
}

/** One gateway session: survives socket drops until resumed, or ended by a normal close. */
export class GatewaySession {
  #seq = 0;
  readonly #buffer: BufferedFrame[] = [];
  #socket: WebSocket | null = null;
  /** When a socket last came or went: the session a process was using most recently is the newest. */
  #changedAt = 0;
  ended = false;
  /** READY and every GUILD_CREATE were sent. */
  ready = false;

  constructor(
    readonly id: string,
    readonly app: ApplicationRecord,
    readonly intents: number,
    readonly shard: readonly [number, number],
  ) {}

  get seq(): number {
    return this.#seq;
  }

  get socket(): WebSocket | null {
    return this.#socket;
  }

  set socket(socket: WebSocket | null) {
    this.#socket = socket;
    this.#changedAt = performance.now();
  }

  /** When it was last connected or disconnected. */
  get changedAt(): number {
    return this.#changedAt;
  }

  get connected(): boolean {
    return this.socket !== null && this.socket.readyState === this.socket.OPEN;
  }

  coversGuild(guildId: string | null): boolean {
    return coversGuild(this.shard, guildId);
  }

  dispatch(event: string, data: unknown): void {
    this.#seq += 1;
    const frame = JSON.stringify({ op: 0, t: event, s: this.#seq, d: data });
    this.#buffer.push({ seq: this.#seq, frame });
    if (this.#buffer.length > REPLAY_BUFFER) this.#buffer.splice(0, this.#buffer.length - REPLAY_BUFFER);
    if (this.connected) this.socket?.send(frame);
  }

  /** Frames after `seq` for a RESUME, or null when some were already dropped from the buffer. */
  framesAfter(seq: number): string[] | null {
    const oldest = this.#buffer[0]?.seq ?? this.#seq + 1;
    if (seq > this.#seq || seq < oldest - 1) return null;
    return this.#buffer.filter((entry) => entry.seq > seq).map((entry) => entry.frame);
  }
}
