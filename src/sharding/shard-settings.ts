import { budgetShare } from '../bot/request-budget.js';
import { ConfigError } from '../config-error.js';
import type { ProcessShards, ShardSet } from './guild-ownership.js';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * What one host runs under `npm run start:sharded`: every shard of SHARD_COUNT (`'auto'`: Discord's
 * recommendation), or the SHARD_LIST part of TOTAL_SHARDS, the rest being other hosts'.
 */
export type HostShards =
  | { readonly list: 'all'; readonly total: number | 'auto' }
  | { readonly list: readonly number[]; readonly total: number };

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function shardCount(name: string, value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new ConfigError(`${name} must be a whole number of shards, 1 or more; got "${value}".`);
  }
  return Number(value);
}

/** `0,1`, `[0, 1]` (a JSON array, as discord.js writes SHARDS) or a single id; distinct, below `total`. */
function shardIds(name: string, value: string, totalName: string, total: number): number[] {
  const items = value.replace(/^\[(.*)\]$/s, '$1').split(',');
  const ids = items.map((item) => item.trim());
  if (ids.some((id) => !/^\d+$/.test(id))) {
    throw new ConfigError(`${name} must list shard ids separated by commas, e.g. 0,1; got "${value}".`);
  }
  const numbers = ids.map(Number);
  const outside = numbers.find((id) => id >= total);
  if (outside !== undefined) {
    throw new ConfigError(
      `${name} names shard ${outside}, but ${totalName} is ${total}: shard ids run from 0 to ${total - 1}.`,
    );
  }
  const twice = numbers.find((id, index) => numbers.indexOf(id) !== index);
  if (twice !== undefined) throw new ConfigError(`${name} names shard ${twice} twice.`);
  return numbers;
}

/**
 * The shards this process connects (the bot's own entry, `dist/src/main.js`): SHARDS of SHARD_COUNT,
 * as discord.js's ShardingManager sets them for each shard's process. SHARD_COUNT alone: every shard
 * of that count in this one process (`auto`: Discord's recommendation). Neither: shard 0 of 1, one
 * process for the whole bot.
 */
export function readProcessShards(env: Env): ProcessShards {
  const shards = optional(env, 'SHARDS');
  const count = optional(env, 'SHARD_COUNT');
  if (count === 'auto') {
    if (shards !== undefined) {
      throw new ConfigError('SHARDS needs a number in SHARD_COUNT (the total across every process), not auto.');
    }
    return 'recommended';
  }
  if (count === undefined) {
    if (shards !== undefined) {
      throw new ConfigError('SHARDS needs SHARD_COUNT, the total number of shards across every process.');
    }
    return { ids: [0], total: 1 };
  }
  const total = shardCount('SHARD_COUNT', count);
  if (shards === undefined) return { ids: Array.from({ length: total }, (_, id) => id), total };
  return { ids: shardIds('SHARDS', shards, 'SHARD_COUNT', total), total };
}

/** What this host runs under `npm run start:sharded` (see HostShards). */
export function readHostShards(env: Env): HostShards {
  const count = optional(env, 'SHARD_COUNT');
  const list = optional(env, 'SHARD_LIST');
  const total = optional(env, 'TOTAL_SHARDS');
  if (list === undefined && total === undefined) {
    return { list: 'all', total: count === undefined || count === 'auto' ? 'auto' : shardCount('SHARD_COUNT', count) };
  }
  if (count !== undefined) {
    throw new ConfigError(
      'SHARD_COUNT and SHARD_LIST/TOTAL_SHARDS are both set: keep SHARD_COUNT to run every shard on this host, or SHARD_LIST with TOTAL_SHARDS to run part of them.',
    );
  }
  if (total === undefined) {
    throw new ConfigError(
      'SHARD_LIST needs TOTAL_SHARDS, the number of shards across every host (e.g. SHARD_LIST=0,1 TOTAL_SHARDS=4).',
    );
  }
  if (list === undefined) {
    throw new ConfigError(
      "TOTAL_SHARDS needs SHARD_LIST, this host's shard ids (e.g. SHARD_LIST=0,1 TOTAL_SHARDS=4); to run every shard here, set SHARD_COUNT instead.",
    );
  }
  const totalShards = shardCount('TOTAL_SHARDS', total);
  return { list: shardIds('SHARD_LIST', list, 'TOTAL_SHARDS', totalShards), total: totalShards };
}

/** The host's shards once the total is known (`recommended`: Discord's count, for `auto`). */
export function resolveHostShards(host: HostShards, recommended: number): ShardSet {
  if (host.list !== 'all') return { ids: host.list, total: host.total };
  const total = host.total === 'auto' ? recommended : host.total;
  return { ids: Array.from({ length: total }, (_, id) => id), total };
}

/** Set by the launcher for its shards' processes: the shard ids of this host (`0,1`). */
export const HOST_SHARDS_VARIABLE = 'CRAG_HOST_SHARDS';

/** The shards that share this process's host (under the launcher), or undefined when not told. */
export function readHostShardList(env: Env): readonly number[] | undefined {
  const value = optional(env, HOST_SHARDS_VARIABLE);
  if (value === undefined || !/^\d+(,\d+)*$/.test(value)) return undefined;
  return value.split(',').map(Number);
}

/**
 * Each shard process's default requests a second (one process per shard): a share of the budget as
 * one of the bot's `total` shards, not of this host's, so that hosts splitting a count stay under
 * the token's one global limit together (docs/scaling.md).
 */
export function shardProcessBudget(shards: ShardSet): number {
  return budgetShare(shards.total);
}
