import { createWorld } from '../harness/kit/world.js';
import type { ApplicationHandle, Emulator } from '../src/emulator/index.js';
import type { TableSpec } from './table.js';

/** 100 games at once: four channels in each of 25 servers, spread over the shards. */
export const SOAK_SHAPE = { guilds: 25, tablesPerGuild: 4 } as const;
/** Every tenth table plays in a thread (so one can be archived mid-game); every fifth has a computer. */
const THREAD_EVERY = 10;
const COMPUTER_EVERY = 5;

/**
 * The soak's world (harness/kit/world.ts): servers with the bot, each table its own channel (or a
 * public thread started by its host) and its own two to four people, the servers spread evenly
 * over the shards.
 */
export function createSoakWorld(
  discord: Emulator,
  shards: number,
  tableCount: number = SOAK_SHAPE.guilds * SOAK_SHAPE.tablesPerGuild,
): { app: ApplicationHandle; tables: TableSpec[] } {
  const world = createWorld(discord, {
    apps: ['Crag'],
    tables: tableCount,
    tablesPerServer: SOAK_SHAPE.tablesPerGuild,
    peopleAt: (index) => 2 + (index % 3),
    shards,
    label: 'soak',
    serverName: 'Soak',
    channelName: (index) => `crag-${index}`,
    inThread: (index) => index % THREAD_EVERY === THREAD_EVERY - 1,
  });
  const tables = world.tables.map((table) => ({
    index: table.index,
    guildId: table.guild.id,
    channelId: table.channelId,
    threadId: table.threadId,
    people: table.people.map((person) => person.id),
    computers: table.index % COMPUTER_EVERY === 0 ? 1 : 0,
  }));
  return { app: world.apps[0] as ApplicationHandle, tables };
}
