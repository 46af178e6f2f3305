/**
 * Which shard a guild belongs to, and so which bot process owns its games. Discord sends a guild's
 * events (interactions included) to shard `(guild_id >> 22) % shard_count` (docs/events/gateway.mdx,
 * "Sharding"); the process holding that shard is the one that hears its players, so it alone also
 * runs the guild's timers, computer moves, abandon sweeps and board redraws.
 */

/** The shards one process connects: `ids` of `total`. */
export interface ShardSet {
  readonly ids: readonly number[];
  readonly total: number;
}

/** The shard of `guildId` among `total` shards. Snowflakes pass 2^53, hence BigInt. */
export function shardOfGuild(guildId: string, total: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(total));
}

/** What one process connects: a set of shards, or every shard of Discord's recommended count. */
export type ProcessShards = ShardSet | 'recommended';

/** Whether the set holds every shard of its total, so that its process owns every guild. */
export function coversEveryShard(shards: ShardSet): boolean {
  const held = new Set(shards.ids.filter((id) => Number.isInteger(id) && id >= 0 && id < shards.total));
  return held.size === shards.total;
}

/** The shards a process holds, when that is only part of them: other processes hold the rest. */
export function partOfTheShards(shards: ProcessShards): ShardSet | undefined {
  return shards === 'recommended' || coversEveryShard(shards) ? undefined : shards;
}

/**
 * The guilds a process owns: those of its shards. A process that connects every shard (however
 * many Discord recommends) owns them all.
 */
export function ownedGuilds(shards: ProcessShards): (guildId: string) => boolean {
  const part = partOfTheShards(shards);
  if (part === undefined) return () => true;
  const held = new Set(part.ids);
  return (guildId) => held.has(shardOfGuild(guildId, part.total));
}
