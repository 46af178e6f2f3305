import type { ProcessShards } from '../sharding/guild-ownership.js';

/**
 * Which process of a sharded bot serves the Activity. One port (ACTIVITY_PORT) behind one URL
 * mapping can be held by one process only: the process holding shard 0. A table still runs where
 * its guild's games run (the process of the guild's shard: its timers, computer moves and board
 * redraws live there), so that process relays the sockets of other shards' guilds to theirs
 * (remote-tables.ts, relayed-sitters.ts). A bot with every shard in one process serves every guild.
 */
export function servesTheActivity(shards: ProcessShards): boolean {
  return shards === 'recommended' || shards.ids.includes(0);
}
