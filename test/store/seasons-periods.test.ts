/**
 * Where a game counts: the season current when it ended (a game under way when a season begins
 * counts for the new one), and the UTC month and ISO week of its last action, on both backends.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameStore } from '../../src/store/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import { type GamePlan, step } from './drive-game.js';
import { playThroughStore } from './helpers.js';

const GUILD = '900000000000000001';
const OTHER_GUILD = '900000000000000002';
const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const CAROL = '100000000000000003';
const RULES = { rerolls: 1, thirteen: 'any' } as const;

describe.each(BACKENDS)('$name: seasons and periods', (backend) => {
  let db: TestDatabase;
  let store: GameStore;
  let clock: number;

  beforeEach(async () => {
    db = await backend.fresh();
    clock = Date.UTC(2026, 10, 20, 12, 0);
    store = await db.open({ now: () => clock });
  });

  afterEach(async () => {
    await store.close();
    await db.remove();
  });

  const play = (channelId: string, plan: GamePlan, until?: Parameters<typeof playThroughStore>[3]) =>
    playThroughStore(store, { guildId: GUILD, channelId }, plan, until);
  const gamesIn = async (period: string, playerId: string) =>
    (await store.playerStats(GUILD, playerId, period)).lines.reduce((sum, line) => sum + line.games, 0);

  it('count a game for the season current when it ended, including one under way when the season began', async () => {
    expect(await store.currentSeason(GUILD)).toEqual({ number: 1 });
    await play('910000000000000001', { seed: 1, humans: [ALICE, BOB] });
    // Carol's game is under way when the new season begins.
    const carolsPlan: GamePlan = { seed: 2, humans: [CAROL] };
    const straddling = await play('910000000000000002', carolsPlan, (state) => state.round === 7);
    clock += 60_000;
    const second = await store.startSeason(GUILD, BOB);
    expect(second).toEqual({ number: 2 });
    // Who started it, and when, is recorded with it.
    expect(await db.rows('SELECT number, started_at, started_by FROM seasons WHERE guild_id = ?', GUILD)).toEqual([
      { number: 2, started_at: clock, started_by: BOB },
    ]);
    expect(await store.currentSeason(GUILD)).toEqual(second);
    // Another server's seasons are its own.
    expect(await store.currentSeason(OTHER_GUILD)).toEqual({ number: 1 });

    clock += 60_000;
    let game = straddling;
    for (let next = step(game.state, carolsPlan); next; next = step(game.state, carolsPlan)) {
      const saved = await store.saveState(game.id, game.state.version, next);
      if (!saved.ok) throw new Error(saved.reason);
      game = saved.game;
    }
    expect(game.state.status).toBe('finished');
    expect(await gamesIn('season:1', CAROL)).toBe(0);
    expect(await gamesIn('season:2', CAROL)).toBe(1);
    expect(await gamesIn('season:1', ALICE)).toBe(1);
    expect(await gamesIn('season:2', ALICE)).toBe(0);
  });

  it('put the season boundary between two games exactly where the season began', async () => {
    await play('910000000000000001', { seed: 1, humans: [ALICE, BOB] });
    clock += 60_000;
    await store.startSeason(GUILD, ALICE);
    clock += 60_000;
    await play('910000000000000002', { seed: 3, humans: [ALICE, CAROL] });
    expect(await gamesIn('season:1', ALICE)).toBe(1);
    expect(await gamesIn('season:2', ALICE)).toBe(1);
    expect(await gamesIn('all', ALICE)).toBe(2);
    expect(await gamesIn('season:1', CAROL)).toBe(0);
    const board = await store.leaderboard({ guildId: GUILD, scope: 'server', rules: RULES, period: 'season:2' });
    expect(board.map((row) => row.playerId).sort()).toEqual([ALICE, CAROL]);
    const earlier = await store.leaderboard({ guildId: GUILD, scope: 'server', rules: RULES, period: 'season:1' });
    expect(earlier.map((row) => row.playerId).sort()).toEqual([ALICE, BOB]);
    expect((await store.startSeason(GUILD, ALICE)).number).toBe(3);
    expect(await db.rows('SELECT number, started_by FROM seasons ORDER BY number')).toEqual([
      { number: 2, started_by: ALICE },
      { number: 3, started_by: ALICE },
    ]);
  });

  it('count a game in the UTC month and ISO week of the moment it ended', async () => {
    const endAt = async (iso: string, channelId: string) => {
      clock = Date.parse(iso);
      // Every click of the game happens at that moment; the last one ends it.
      await play(channelId, { seed: 4, humans: [ALICE] });
    };
    await endAt('2026-11-30T23:59:59.999Z', '910000000000000001');
    await endAt('2026-12-01T00:00:00.000Z', '910000000000000002');
    await endAt('2026-12-06T23:59:59.999Z', '910000000000000003');
    await endAt('2026-12-07T00:00:00.000Z', '910000000000000004');
    expect(await gamesIn('month:2026-11', ALICE)).toBe(1);
    expect(await gamesIn('month:2026-12', ALICE)).toBe(3);
    expect(await gamesIn('week:2026-W49', ALICE)).toBe(3);
    expect(await gamesIn('week:2026-W50', ALICE)).toBe(1);
    expect(await gamesIn('all', ALICE)).toBe(4);
  });
});
