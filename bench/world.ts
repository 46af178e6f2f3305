import type { ApplicationHandle, ChannelHandle, Emulator, GuildHandle, UserHandle } from '../src/emulator/index.js';

/** One server of the bench: its #crag channel and the people who play there (the owner first). */
export interface BenchServer {
  readonly guild: GuildHandle;
  readonly channel: ChannelHandle;
  readonly people: readonly UserHandle[];
}

export interface BenchWorld {
  readonly crag: ApplicationHandle;
  readonly baseline: ApplicationHandle;
  readonly servers: readonly BenchServer[];
}

export const PEOPLE_PER_SERVER = 5;
/** Server ids are spread evenly over this many shards, so that every shard of a sharded run gets its share. */
const SPREAD_OVER_SHARDS = 4;

/**
 * Many small servers, each with one #crag channel and five people, and both bots in all of them:
 * the two bots see the same world, so their start-up caches and memory compare fairly.
 */
export function createBenchWorld(discord: Emulator, serverCount: number): BenchWorld {
  const crag = discord.createApplication({ name: 'Crag' });
  const baseline = discord.createApplication({ name: 'Baseline' });
  const servers: BenchServer[] = [];
  for (let s = 0; s < serverCount; s += 1) {
    const people = Array.from({ length: PEOPLE_PER_SERVER }, (_, p) =>
      discord.createUser({ username: `player-${s}-${p}` }),
    );
    const owner = people[0]!;
    const guild = discord.createGuild({
      name: `Dice night ${s}`,
      ownerId: owner.id,
      members: people.map((person) => person.id),
      bots: [crag.id, baseline.id],
      shardOf: { shards: SPREAD_OVER_SHARDS, shard: s % SPREAD_OVER_SHARDS },
    });
    const channel = discord.createChannel(guild.id, { name: 'crag' });
    servers.push({ guild, channel, people });
  }
  return { crag, baseline, servers };
}

/** 2 to 5 players, spread evenly over the servers so every table size is exercised. */
export function playersAt(server: BenchServer, index: number): readonly UserHandle[] {
  return server.people.slice(0, 2 + (index % 4));
}
