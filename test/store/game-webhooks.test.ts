/**
 * The tokens of games reached through interaction webhooks (issue 42), on both backends: the newest
 * token wins whatever order interactions are handled in, a new token starts with no follow-ups, the
 * follow-up count never passes its cap, and the row goes with its game.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameStore } from '../../src/store/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import { type GamePlan, newGameState } from './drive-game.js';

const PLAN: GamePlan = { seed: 7, humans: ['100000000000000001'], computers: ['easy'] };
const APP = '800000000000000001';
const T0 = 1_700_000_000_000;

describe.each(BACKENDS)('$name', (backend) => {
  let db: TestDatabase;
  let store: GameStore;
  let gameId: number;

  beforeEach(async () => {
    db = await backend.fresh();
    store = await db.open({ now: () => T0 });
    const created = await store.createGame({
      guildId: '900000000000000001',
      channelId: '910000000000000001',
      state: newGameState(PLAN),
      turnTimerSeconds: 60,
      hintsEnabled: true,
    });
    if (!created.ok) throw new Error(created.reason);
    gameId = created.game.id;
  });

  afterEach(async () => {
    await store.close();
    await db.remove();
  });

  it('a game without a token is reached with the bot token: no webhook', async () => {
    expect(await store.webhooks.of(gameId)).toBeUndefined();
    expect(await store.webhooks.reserveFollowUp(gameId, 'a', 5)).toBe(false);
  });

  it('keeps the newest token whatever the order, each new one with no follow-ups made', async () => {
    expect(await store.webhooks.take(gameId, { applicationId: APP, token: 'a', createdAt: T0 })).toBe(true);
    expect(await store.webhooks.reserveFollowUp(gameId, 'a', 5)).toBe(true);
    expect(await store.webhooks.of(gameId)).toEqual({
      applicationId: APP,
      token: 'a',
      createdAt: T0,
      followUpsUsed: 1,
    });
    expect(await store.webhooks.take(gameId, { applicationId: APP, token: 'c', createdAt: T0 + 2_000 })).toBe(true);
    // An older click handled late does not take its token back.
    expect(await store.webhooks.take(gameId, { applicationId: APP, token: 'b', createdAt: T0 + 1_000 })).toBe(false);
    expect(await store.webhooks.of(gameId)).toEqual({
      applicationId: APP,
      token: 'c',
      createdAt: T0 + 2_000,
      followUpsUsed: 0,
    });
  });

  it('counts follow-ups up to the cap and no further, only for the newest token', async () => {
    await store.webhooks.take(gameId, { applicationId: APP, token: 'a', createdAt: T0 });
    const taken = [];
    for (let i = 0; i < 7; i += 1) taken.push(await store.webhooks.reserveFollowUp(gameId, 'a', 5));
    expect(taken).toEqual([true, true, true, true, true, false, false]);
    expect((await store.webhooks.of(gameId))?.followUpsUsed).toBe(5);
    // A token that was replaced makes no more follow-ups.
    await store.webhooks.take(gameId, { applicationId: APP, token: 'b', createdAt: T0 + 1 });
    expect(await store.webhooks.reserveFollowUp(gameId, 'a', 5)).toBe(false);
    expect(await store.webhooks.reserveFollowUp(gameId, 'b', 5)).toBe(true);
  });

  it('two reservations at once for the last follow-up: only one gets it', async () => {
    await store.webhooks.take(gameId, { applicationId: APP, token: 'a', createdAt: T0 });
    for (let i = 0; i < 4; i += 1) await store.webhooks.reserveFollowUp(gameId, 'a', 5);
    const both = await Promise.all([
      store.webhooks.reserveFollowUp(gameId, 'a', 5),
      store.webhooks.reserveFollowUp(gameId, 'a', 5),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });
});
