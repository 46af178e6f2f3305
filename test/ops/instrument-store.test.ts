import { afterEach, describe, expect, it } from 'vitest';
import { instrumentStore } from '../../src/ops/instrument-store.js';
import { metrics } from '../../src/ops/metrics.js';
import type { GameStore } from '../../src/store/index.js';
import { BACKENDS, type TestDatabase } from '../store/backends.js';
import { newGameState, step } from '../store/drive-game.js';

const PLAN = { seed: 3, humans: ['100000000000000001', '100000000000000002'] };

async function count(result: string): Promise<number> {
  const histogram = await metrics.storeSave.get();
  return (
    histogram.values.find((value) => value.metricName?.endsWith('_count') && value.labels.result === result)?.value ?? 0
  );
}

const conflicts = async () => (await metrics.storeConflicts.get()).values[0]?.value ?? 0;

describe.each(BACKENDS)('the measured store on $name', (backend) => {
  let database: TestDatabase;
  let store: GameStore;
  afterEach(async () => {
    await store?.close();
    await database?.remove();
  });

  it('times every save by its result, counts version conflicts, and passes everything else through', async () => {
    database = await backend.fresh();
    store = instrumentStore(await database.open());
    const created = await store.createGame({
      guildId: '200000000000000001',
      channelId: '300000000000000001',
      state: newGameState(PLAN),
      turnTimerSeconds: 90,
      hintsEnabled: false,
    });
    if (!created.ok) throw new Error(created.reason);
    const game = created.game;
    const next = step(game.state, PLAN);
    if (!next) throw new Error('no next step');
    const before = { saved: await count('saved'), stale: await count('stale'), conflicts: await conflicts() };

    expect((await store.saveState(game.id, game.state.version, next)).ok).toBe(true);
    // A second change made from the same version: another process got there first.
    const late = await store.saveState(game.id, game.state.version, next);
    expect(late.ok).toBe(false);

    expect(await count('saved')).toBe(before.saved + 1);
    expect(await count('stale')).toBe(before.stale + 1);
    expect(await conflicts()).toBe(before.conflicts + 1);
    expect((await store.gameById(game.id))?.state.version).toBe(next.version);
  });
});
