import path from 'node:path';
import { type ActivityConfig, readActivityConfig } from './activity/config.js';
import { DEFAULT_REQUESTS_PER_SECOND } from './bot/request-budget.js';
import { ConfigError } from './config-error.js';
import type { ProcessShards } from './sharding/guild-ownership.js';
import { readProcessShards } from './sharding/shard-settings.js';
import { maskPassword, postgresUrlProblem, type StoreLocation } from './store/index.js';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface Config {
  readonly token: string;
  readonly clientId: string | undefined;
  readonly guildId: string | undefined;
  /** Where the games live: DATABASE_URL's PostgreSQL database, else DATABASE_PATH's SQLite file. */
  readonly database: StoreLocation;
  readonly logLevel: LogLevel;
  /** REST base without version, e.g. http://127.0.0.1:PORT/api; undefined means Discord itself. */
  readonly apiUrl: string | undefined;
  /** Milliseconds in a "minute" of the turn timer. 60000 in production; tests shrink it. */
  readonly turnTimerUnitMs: number;
  /** How long a computer seat pauses before each move, so players can follow it on the board. */
  readonly computerPauseMs: number;
  /** How long a person waits between two /crag start or Play again (twice that for /crag board); 0 turns cooldowns off. */
  readonly cooldownMs: number;
  /**
   * The shards this process connects (SHARDS of SHARD_COUNT, as discord.js's ShardingManager sets
   * them), or 'recommended': as many as Discord recommends, all here. Default: shard 0 of 1.
   */
  readonly shards: ProcessShards;
  /**
   * The bot's budget of bot-token requests a second (src/bot/request-budget.ts): 45, under
   * Discord's global 50. Several processes behind one REST proxy each get their share.
   */
  readonly restRequestsPerSecond: number;
  /** The Activity's server (docs/activity.md); undefined when ACTIVITY_PORT is unset. */
  readonly activity: ActivityConfig | undefined;
  /**
   * DISCORD_CACHES: `cut` (the default: what src/bot/client.ts keeps) or `discordjs-defaults`,
   * discord.js's own caches, which the bench's full-shard step measures as the "before".
   */
  readonly caches: CacheProfile;
}

export type CacheProfile = 'cut' | 'discordjs-defaults';

function readCaches(env: Env): CacheProfile {
  const value = optional(env, 'DISCORD_CACHES') ?? 'cut';
  if (value !== 'cut' && value !== 'discordjs-defaults') {
    throw new ConfigError(`DISCORD_CACHES must be cut or discordjs-defaults; got "${value}".`);
  }
  return value;
}

export { ConfigError };

// A bot token is three base64url parts: the bot's id, a timestamp and an HMAC.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{18,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$/;
const SNOWFLAKE_PATTERN = /^\d{17,20}$/;
const LOG_LEVELS: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];

type Env = Readonly<Record<string, string | undefined>>;

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function snowflake(env: Env, name: string): string | undefined {
  const value = optional(env, name);
  if (value !== undefined && !SNOWFLAKE_PATTERN.test(value)) {
    throw new ConfigError(`${name} must be a Discord id (17-20 digits), got "${value}". Fix it in .env.`);
  }
  return value;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const value = optional(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new ConfigError(`${name} must be a whole number of milliseconds, got "${value}".`);
  }
  return parsed;
}

function requestsPerSecond(env: Env): number {
  const value = optional(env, 'REST_REQUESTS_PER_SECOND');
  if (value === undefined) return DEFAULT_REQUESTS_PER_SECOND;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new ConfigError(
      `REST_REQUESTS_PER_SECOND must be a whole number of requests a second (1 or more), got "${value}".`,
    );
  }
  return parsed;
}

/** Whether a token is given at all: without one, `npm start` opens the playground instead of Discord. */
export function isTokenSet(env: Env): boolean {
  return optional(env, 'DISCORD_TOKEN') !== undefined;
}

export function readToken(env: Env): string {
  const token = optional(env, 'DISCORD_TOKEN');
  if (!token) {
    throw new ConfigError(
      'DISCORD_TOKEN is not set: put your bot token in .env (copy .env.example) or in the environment.',
    );
  }
  if (!TOKEN_PATTERN.test(token)) {
    throw new ConfigError(
      'DISCORD_TOKEN does not look like a bot token: copy it again from the Developer Portal (Bot → Reset Token) into .env.',
    );
  }
  return token;
}

export function readApiUrl(env: Env): string | undefined {
  const apiUrl = optional(env, 'DISCORD_API_URL');
  if (apiUrl === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(apiUrl);
  } catch {
    throw new ConfigError(`DISCORD_API_URL is not a URL: "${apiUrl}". Example: http://127.0.0.1:8080/api`);
  }
  if (!/^https?:$/.test(parsed.protocol) || apiUrl.endsWith('/') || /\/v\d+$/.test(parsed.pathname)) {
    throw new ConfigError(
      `DISCORD_API_URL must be an http(s) base with no version and no trailing slash, e.g. http://127.0.0.1:8080/api; got "${apiUrl}".`,
    );
  }
  return apiUrl;
}

/**
 * DATABASE_URL (postgres:// or postgresql://) selects PostgreSQL; otherwise the SQLite file at
 * DATABASE_PATH. Both set is refused rather than one picked: starting on one database while the
 * games sit in the other would look like every game was lost.
 */
export function readDatabaseLocation(env: Env): StoreLocation {
  const url = optional(env, 'DATABASE_URL');
  const file = optional(env, 'DATABASE_PATH');
  if (url === undefined) return { kind: 'sqlite', path: path.resolve(file ?? './data/crag.sqlite') };
  if (file !== undefined) {
    throw new ConfigError(
      'DATABASE_URL and DATABASE_PATH are both set: keep only one, DATABASE_URL for PostgreSQL or DATABASE_PATH for a SQLite file.',
    );
  }
  return postgresLocation(url);
}

/** DATABASE_URL's PostgreSQL database, or a ConfigError quoting the URL with its password masked. */
export function postgresLocation(url: string): StoreLocation {
  const problem = postgresUrlProblem(url);
  if (problem !== undefined) {
    throw new ConfigError(
      `DATABASE_URL ${problem}: "${maskPassword(url)}". Example: postgres://crag:password@localhost:5432/crag`,
    );
  }
  return { kind: 'postgres', url };
}

export function loadConfig(env: Env = process.env): Config {
  const logLevel = (optional(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${logLevel}".`);
  }
  return {
    token: readToken(env),
    clientId: snowflake(env, 'DISCORD_CLIENT_ID'),
    guildId: snowflake(env, 'DISCORD_GUILD_ID'),
    database: readDatabaseLocation(env),
    logLevel: logLevel as LogLevel,
    apiUrl: readApiUrl(env),
    turnTimerUnitMs: positiveInteger(env, 'TURN_TIMER_UNIT_MS', 60_000),
    computerPauseMs: positiveInteger(env, 'COMPUTER_PAUSE_MS', 1_200),
    cooldownMs: positiveInteger(env, 'COOLDOWN_MS', 10_000),
    shards: readProcessShards(env),
    restRequestsPerSecond: requestsPerSecond(env),
    activity: readActivityConfig(env),
    caches: readCaches(env),
  };
}

/** discord.js spreads `rest` over its defaults, so `{ api: undefined }` would wipe Discord's URL. */
export function restOptions(apiUrl: string | undefined): { api: string } | undefined {
  return apiUrl === undefined ? undefined : { api: apiUrl };
}
