import type { ProcessShards } from '../sharding/guild-ownership.js';

/**
 * Which process of a sharded bot serves the Activity. One port (ACTIVITY_PORT) behind one URL
 * mapping can be held by one process only, and a table must run where its guild's games run (the
 * process of the guild's shard: its timers, computer moves and board redraws live there). So the
 * process holding shard 0 serves it, for the guilds of its own shards; the others leave the port
 * alone and offer no table. A bot with every shard in one process serves every guild.
 */
export function servesTheActivity(shards: ProcessShards): boolean {
  return shards === 'recommended' || shards.ids.includes(0);
}
