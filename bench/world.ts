import { createWorld, type WorldTable } from '../harness/kit/world.js';
import type { ApplicationHandle, Emulator, UserHandle } from '../src/emulator/index.js';

/** One server of the bench: its #crag channel and the people who play there (the owner first). */
export type BenchServer = WorldTable;

export interface BenchWorld {
  readonly crag: ApplicationHandle;
  readonly baseline: ApplicationHandle;
  /** The persisting baseline (bench/persisting-baseline.ts): a sheet in SQLite and a drawn board. */
  readonly persisting?: ApplicationHandle;
  readonly servers: readonly BenchServer[];
}

/**
 * The bench's world (harness/kit/world.ts): many small servers, each with one #crag channel and five
 * people, and the three bots in all of them, the server ids spread over four shards so that every shard
 * of the sharded step gets its share.
 */
export function createBenchWorld(discord: Emulator, servers: number): BenchWorld {
  const { apps, tables } = createWorld(discord, {
    apps: ['Crag', 'Baseline', 'Persisting baseline'],
    tables: servers,
    tablesPerServer: 1,
    peopleAt: () => 5,
    shards: 4,
    label: 'player',
    serverName: 'Dice night',
    channelName: () => 'crag',
  });
  const [crag, baseline, persisting] = apps as [ApplicationHandle, ApplicationHandle, ApplicationHandle];
  return { crag, baseline, persisting, servers: tables };
}

/** 2 to 5 players, spread evenly over the servers so every table size is exercised. */
export function playersAt(server: BenchServer, index: number): readonly UserHandle[] {
  return server.people.slice(0, 2 + (index % 4));
}
