/**
 * Two stores on one database, as two bot processes sharing PostgreSQL (or, for SQLite, a second
 * connection to the file). Within one store, its own cache refuses a stale save before any SQL runs;
 * here the cache is the problem, so only the version check in the UPDATE itself keeps a click from
 * being applied over another process's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/game/index.js';
import type { GameStore, StoredGame } from '../../src/store/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import { type GamePlan, step } from './drive-game.js';
import { expectRowsInStep, playThroughStore } from './helpers.js';

const TABLE = { guildId: '900000000000000001', channelId: '910000000000000001' };
const PLAN: GamePlan = { seed: 11, humans: ['100000000000000001', '100000000000000002'], computers: ['easy'] };

/** The plan's next state; the plan goes on for as long as these tests need. */
function next(state: GameState): GameState {
  const after = step(state, PLAN);
  if (!after) throw new Error('the plan ended');
  return after;
}

describe.each(BACKENDS)('$name: two stores on one database', (backend) => {
  let db: TestDatabase;
  let first: GameStore;
  let second: GameStore;
  beforeEach(async () => {
    db = await backend.fresh();
    first = await db.open();
    second = await db.open();
  });
  afterEach(async () => {
    await first.close();
    await second.close();
    await db.remove();
  });

  /** A game in play that both stores have read (and keep in memory). */
  async function sharedGame(): Promise<StoredGame> {
    const game = await playThroughStore(first, TABLE, PLAN, (state) => state.round === 3);
    expect(await second.gameById(game.id)).toEqual(game);
    return game;
  }

  it('refuses, as stale, a save over a version another store has replaced, and writes nothing', async () => {
    const game = await sharedGame();
    // The second store moves the game on; the first still holds the version both read.
    const moved = await second.saveState(game.id, game.state.version, next(game.state));
    if (!moved.ok) throw new Error(`the first save should land: ${moved.reason}`);
    const stale = await first.saveState(game.id, game.state.version, next(game.state), { turnDeadline: 42 });
    expect(stale).toEqual({ ok: false, reason: 'stale', current: moved.game });
    await expectRowsInStep(db, game.id, moved.game.state);
    expect(await db.rows('SELECT turn_deadline FROM games WHERE id = ?', game.id)).toEqual([
      { turn_deadline: moved.game.turnDeadline },
    ]);
    // Having been refused, the first store no longer trusts its copy: it carries on from the stored game.
    const current = await first.gameById(game.id);
    expect(current).toEqual(moved.game);
    const after = await first.saveState(game.id, moved.game.state.version, next(moved.game.state));
    expect(after.ok).toBe(true);
  });

  it('applies a click once when both stores save the same version: one lands, the other is stale', async () => {
    const game = await sharedGame();
    const [a, b] = await Promise.all([
      first.saveState(game.id, game.state.version, next(game.state)),
      second.saveState(game.id, game.state.version, next(game.state)),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const landed = a.ok ? a.game : b.ok ? b.game : undefined;
    await expectRowsInStep(db, game.id, landed!.state);
  });

  it("keeps only its own guilds' games in memory when told which, so it reads another's afresh", async () => {
    const OURS = TABLE.guildId;
    const shard = await db.open({ cacheGuild: (guildId) => guildId === OURS });
    try {
      const theirs = await playThroughStore(
        second,
        { guildId: '900000000000000002', channelId: '910000000000000002' },
        PLAN,
        (state) => state.round === 2,
      );
      const ours = await playThroughStore(shard, TABLE, PLAN, (state) => state.round === 2);
      expect(await shard.gameById(theirs.id)).toEqual(theirs);
      const moved = await second.saveState(theirs.id, theirs.state.version, next(theirs.state));
      if (!moved.ok) throw new Error(moved.reason);
      expect(await shard.gameById(theirs.id)).toEqual(moved.game);
      // Its own guild's game is kept: a change behind its back is not seen until a save is refused.
      const behind = await second.saveState(ours.id, ours.state.version, next(ours.state));
      if (!behind.ok) throw new Error(behind.reason);
      expect(await shard.gameById(ours.id)).toEqual(ours);
    } finally {
      await shard.close();
    }
  });
});
