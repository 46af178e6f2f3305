import type { ApplicationHandle, Emulator } from '../src/emulator/index.js';
import type { TableSpec } from './table.js';

/** 100 games at once: four channels in each of 25 servers, spread over the shards. */
export const SOAK_SHAPE = { guilds: 25, tablesPerGuild: 4 } as const;
/** Every tenth table plays in a thread (so one can be archived mid-game); every fifth has a computer. */
const THREAD_EVERY = 10;
const COMPUTER_EVERY = 5;

/**
 * The soak's world: servers with the bot, each table its own channel (or a public thread started by
 * its host) and its own two to four people. Guild ids are picked so that the shards share the
 * servers evenly.
 */
export function createSoakWorld(
  discord: Emulator,
  shards: number,
  tableCount: number = SOAK_SHAPE.guilds * SOAK_SHAPE.tablesPerGuild,
): { app: ApplicationHandle; tables: TableSpec[] } {
  const app = discord.createApplication({ name: 'Crag' });
  const tables: TableSpec[] = [];
  const guildCount = Math.ceil(tableCount / SOAK_SHAPE.tablesPerGuild);
  for (let g = 0; g < guildCount; g += 1) {
    const indices = Array.from(
      { length: SOAK_SHAPE.tablesPerGuild },
      (_, t) => g * SOAK_SHAPE.tablesPerGuild + t,
    ).filter((index) => index < tableCount);
    const people = indices.map((index) =>
      Array.from({ length: 2 + (index % 3) }, (_, p) => discord.createUser({ username: `soak-${index}-${p}` }).id),
    );
    const owner = people[0]?.[0];
    if (!owner) break;
    const guild = discord.createGuild({
      name: `Soak ${g}`,
      ownerId: owner,
      members: people.flat(),
      bots: [app.id],
      shardOf: { shards, shard: g % shards },
    });
    indices.forEach((index, t) => {
      const players = people[t] ?? [];
      const channel = discord.createChannel(guild.id, { name: `crag-${index}` });
      const threadId =
        index % THREAD_EVERY === THREAD_EVERY - 1
          ? discord.createThread(channel.id, { name: `game ${index}`, ownerId: players[0] ?? owner }).id
          : undefined;
      tables.push({
        index,
        guildId: guild.id,
        channelId: threadId ?? channel.id,
        threadId,
        people: players,
        computers: index % COMPUTER_EVERY === 0 ? 1 : 0,
      });
    });
  }
  return { app, tables };
}
