/**
 * Another connection holding SQLite's write lock (a backup, an operator's shell, the soak test's
 * database stall) makes a save wait; better-sqlite3 is synchronous, so if SQLite itself did the
 * waiting the whole process would stop with it, and every other interaction of the shard would miss
 * Discord's 3 s. The wait is on timers instead: the process serves everything else meanwhile.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/game/index.js';
import { type GameStore, openSqliteStore, type StoredGame } from '../../src/store/index.js';
import { isBusy, whenUnlocked } from '../../src/store/sqlite/when-unlocked.js';
import { type GamePlan, step } from './drive-game.js';
import { playThroughStore, tempFolder } from './helpers.js';

const TABLE = { guildId: '900000000000000001', channelId: '910000000000000001' };
const PLAN: GamePlan = { seed: 5, humans: ['100000000000000001', '100000000000000002'], computers: [] };
const HELD_MS = 600;

function next(state: GameState): GameState {
  const after = step(state, PLAN);
  if (!after) throw new Error('the plan ended');
  return after;
}

/** Another connection takes the write lock of the file at `path` now, and lets it go after `ms`. */
function holdLockFor(path: string, ms: number): void {
  const other = new Database(path);
  other.exec('BEGIN IMMEDIATE');
  setTimeout(() => {
    other.exec('ROLLBACK');
    other.close();
  }, ms);
}

/** How late a 10 ms timer fires while `busy` runs: how long the event loop was blocked. */
async function timerLateness(busy: () => Promise<unknown>): Promise<number> {
  const set = performance.now();
  const fired = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - set - 10), 10));
  await Promise.all([busy(), fired]);
  return fired;
}

describe('sqlite: a write that meets another connection’s lock', () => {
  const folder = tempFolder();
  const path = join(folder.dir, 'crag.sqlite');
  let store: GameStore | undefined;
  afterEach(async () => {
    await store?.close();
    folder.remove();
  });

  it('waits for it without blocking the process, then lands', async () => {
    store = openSqliteStore(path);
    const game = await playThroughStore(store, TABLE, PLAN, (state) => state.round === 2);
    holdLockFor(path, HELD_MS);
    const started = performance.now();
    let saved: Awaited<ReturnType<GameStore['saveState']>> | undefined;
    const lateness = await timerLateness(async () => {
      saved = await store?.saveState(game.id, game.state.version, next(game.state));
    });
    // The save waited for the lock to go…
    expect(performance.now() - started).toBeGreaterThanOrEqual(HELD_MS - 20);
    expect(saved?.ok).toBe(true);
    // …while a timer set meanwhile fired on time (inside SQLite's busy wait it would fire after HELD_MS).
    expect(lateness).toBeLessThan(150);
  });

  it('keeps the process free however many writes wait for the lock at once', async () => {
    // A shard under load: 50 clicks on 50 games meet the same lock. Each attempt must cost nothing
    // but a refusal; one that waited even 10 ms inside SQLite would block the process 500 ms a round.
    store = openSqliteStore(path);
    const games: StoredGame[] = [];
    for (let table = 0; table < 50; table += 1) {
      const channelId = String(910000000000001000n + BigInt(table));
      games.push(await playThroughStore(store, { ...TABLE, channelId }, PLAN, (state) => state.round === 2));
    }
    holdLockFor(path, HELD_MS);
    const saves: Awaited<ReturnType<GameStore['saveState']>>[] = [];
    const lateness = await timerLateness(async () => {
      saves.push(
        ...(await Promise.all(games.map((game) => store!.saveState(game.id, game.state.version, next(game.state))))),
      );
    });
    expect(saves.map((saved) => saved.ok)).toEqual(games.map(() => true));
    expect(lateness).toBeLessThan(150);
  });

  it('closes while another connection holds the write lock: the statistics refresh waits for the next close', async () => {
    // Shards of one host share the file and stop together; one's PRAGMA optimize met another's write
    // and the shard's clean stop failed on it.
    const closing = openSqliteStore(path);
    await playThroughStore(closing, TABLE, PLAN, (state) => state.round === 3);
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    try {
      await expect(closing.close()).resolves.toBeUndefined();
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // Closed for good: the next store on the file opens.
    store = openSqliteStore(path);
    expect((await store.activeGameInChannel(TABLE.channelId))?.state.round).toBe(3);
  });

  it('gives up with SQLITE_BUSY after its patience, having written nothing', async () => {
    let attempts = 0;
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const started = performance.now();
    await expect(
      whenUnlocked(() => {
        attempts += 1;
        throw busy;
      }, 200),
    ).rejects.toBe(busy);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(attempts).toBeGreaterThan(2);
    expect(isBusy(new Error('other'))).toBe(false);
  });

  it('counts every SQLITE_BUSY code as busy: _SNAPSHOT, and _RECOVERY while another connection rebuilds the WAL index', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_BUSY_TIMEOUT']) {
      expect(isBusy(coded(code)), code).toBe(true);
    }
    for (const code of ['SQLITE_LOCKED', 'SQLITE_CORRUPT', 'SQLITE_IOERR'])
      expect(isBusy(coded(code)), code).toBe(false);
  });

  it('does not retry any other error', async () => {
    let attempts = 0;
    await expect(
      whenUnlocked(() => {
        attempts += 1;
        throw new Error('constraint');
      }),
    ).rejects.toThrow('constraint');
    expect(attempts).toBe(1);
  });
});
