import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseProbe, openDatabaseProbe } from '../../src/ops/database-probe.js';
import type { GameStore, StoreLocation } from '../../src/store/index.js';
import { BACKENDS, type TestDatabase } from '../store/backends.js';
import { playThroughStore } from '../store/helpers.js';

const HUMANS = ['100000000000000001', '100000000000000002'];

describe.each(BACKENDS)('the readiness probe on $name', (backend) => {
  let database: TestDatabase;
  let store: GameStore;
  let probe: DatabaseProbe | undefined;
  afterEach(async () => {
    await probe?.close();
    await store?.close();
    await database?.remove();
  });

  it('answers a trivial query and counts the games by status on a connection of its own', async () => {
    database = await backend.fresh();
    store = await database.open();
    const table = (i: number) => ({ guildId: '200000000000000001', channelId: `30000000000000000${i}` });
    await playThroughStore(store, table(1), { seed: 1, humans: HUMANS });
    await playThroughStore(store, table(2), { seed: 2, humans: HUMANS }, (state) => state.status === 'playing');
    await playThroughStore(store, table(3), { seed: 3, humans: HUMANS }, () => true);
    const location: StoreLocation =
      database.dialect === 'sqlite'
        ? { kind: 'sqlite', path: database.location }
        : { kind: 'postgres', url: database.location };
    probe = await openDatabaseProbe(location);
    expect(await probe.ping()).toBeLessThan(1_000);
    const counts = await probe.gamesByStatus();
    expect(Object.fromEntries(counts.map(({ status, count }) => [status, count]))).toEqual({
      finished: 1,
      playing: 1,
      lobby: 1,
    });
  });
});
