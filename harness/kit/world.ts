import type { ApplicationHandle, Emulator, GuildHandle, UserHandle } from '../../src/emulator/index.js';

/** One place where a game is played: a channel (or a public thread of it) and its people. */
export interface WorldTable {
  /** Its number across the whole world, from 0. */
  readonly index: number;
  readonly guild: GuildHandle;
  /** Where the game is played: the thread when there is one, else the channel. */
  readonly channelId: string;
  readonly threadId: string | undefined;
  /** Its people, the owner of its server first in the server's first table. */
  readonly people: readonly UserHandle[];
}

export interface WorldShape {
  /** The bots in every server, by name (`Crag` first: the bot measured). */
  readonly apps: readonly string[];
  readonly tables: number;
  readonly tablesPerServer: number;
  /** How many people sit at table `index`, each only there. */
  peopleAt(index: number): number;
  /** Server ids are spread evenly over this many shards, so that every shard gets its share. */
  readonly shards: number;
  /** Names: `${label}-${table}-${person}` for people, `${serverName} ${server}` for servers. */
  readonly label: string;
  readonly serverName: string;
  channelName(index: number): string;
  /** Tables played in a public thread of their channel, started by their first person. */
  inThread?(index: number): boolean;
}

export interface World {
  readonly apps: readonly ApplicationHandle[];
  readonly tables: readonly WorldTable[];
}

/**
 * The one way the bench and the soak populate the emulator: servers of a few tables each, every
 * table its own channel and people, every bot in every server, so that the bots compared see the
 * same world and their caches and memory compare fairly.
 */
export function createWorld(discord: Emulator, shape: WorldShape): World {
  const apps = shape.apps.map((name) => discord.createApplication({ name }));
  const tables: WorldTable[] = [];
  for (let server = 0; server * shape.tablesPerServer < shape.tables; server += 1) {
    const first = server * shape.tablesPerServer;
    const indices = Array.from({ length: Math.min(shape.tablesPerServer, shape.tables - first) }, (_, t) => first + t);
    const people = indices.map((index) =>
      Array.from({ length: shape.peopleAt(index) }, (_, p) =>
        discord.createUser({ username: `${shape.label}-${index}-${p}` }),
      ),
    );
    const owner = people[0]?.[0];
    if (!owner) break;
    const guild = discord.createGuild({
      name: `${shape.serverName} ${server}`,
      ownerId: owner.id,
      members: people.flat().map((person) => person.id),
      bots: apps.map((app) => app.id),
      shardOf: { shards: shape.shards, shard: server % shape.shards },
    });
    indices.forEach((index, t) => {
      const seated = people[t] ?? [];
      const channel = discord.createChannel(guild.id, { name: shape.channelName(index) });
      const threadId = shape.inThread?.(index)
        ? discord.createThread(channel.id, { name: `game ${index}`, ownerId: seated[0]?.id ?? owner.id }).id
        : undefined;
      tables.push({ index, guild, channelId: threadId ?? channel.id, threadId, people: seated });
    });
  }
  return { apps, tables };
}
