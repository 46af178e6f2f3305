import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standings } from '../../src/game/index.js';
import type { GameStore, LeaderboardRow, StoredGame } from '../../src/store/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import { type GamePlan, newGameState, step } from './drive-game.js';
import { expectRowsInStep, playThroughStore, type Table } from './helpers.js';

const GUILD_A = '900000000000000001';
const GUILD_B = '900000000000000002';
const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const CAROL = '100000000000000003';
const DAVE = '100000000000000004';

/** The first seed whose two-player game ends with a shared first place (found by the engine alone). */
function seedOfATie(humans: readonly string[]): number {
  for (let seed = 0; seed < 5_000; seed += 1) {
    const plan: GamePlan = { seed, humans };
    let state = newGameState(plan);
    for (let next = step(state, plan); next; next = step(state, plan)) state = next;
    const [first, second] = standings(state);
    if (first && second && first.total === second.total) return seed;
  }
  throw new Error('no tie in 5,000 seeds');
}

describe.each(BACKENDS)('$name', (backend) => {
  let db: TestDatabase;
  let store: GameStore;
  /** Every game played, as the store returned it at the end. */
  const played: StoredGame[] = [];
  let seriesGames: StoredGame[];
  let cancelled: StoredGame;
  let tie: StoredGame;

  async function play(table: Table, plan: GamePlan): Promise<StoredGame> {
    const game = await playThroughStore(store, table, plan);
    played.push(game);
    return game;
  }

  beforeAll(async () => {
    db = await backend.fresh();
    store = await db.open();

    // Guild A, channel 1: a series of three one-reroll games against computers, then a cancelled one.
    const channel1 = { guildId: GUILD_A, channelId: '910000000000000001' };
    const first = await play(channel1, { seed: 1, humans: [ALICE, BOB], computers: ['optimal'] });
    const series = { ...channel1, seriesId: first.seriesId };
    await play(series, { seed: 2, humans: [ALICE, BOB], computers: ['optimal'] });
    await play(series, { seed: 3, humans: [BOB, ALICE], computers: ['strong', 'easy'] });
    cancelled = await play(series, { seed: 4, humans: [ALICE, BOB], cancelAtRound: 7 });
    seriesGames = played.slice(0, 4);

    // Guild A, channel 2: two-reroll games, with Alice again.
    const channel2 = { guildId: GUILD_A, channelId: '910000000000000002' };
    await play(channel2, { seed: 5, humans: [ALICE, CAROL], rules: { rerolls: 2, thirteen: 'any' } });
    await play(channel2, {
      seed: 6,
      humans: [CAROL, ALICE],
      computers: ['easy'],
      rules: { rerolls: 2, thirteen: 'no-pair' },
    });

    // Guild A, channel 3: Bob leaves in round 5; his open rows score 0 and the game still finishes.
    await play(
      { guildId: GUILD_A, channelId: '910000000000000003' },
      {
        seed: 7,
        humans: [DAVE, BOB, CAROL],
        leaves: { playerId: BOB, round: 5 },
      },
    );

    // Guild A, channel 4: a two-player game ending in a shared first place.
    tie = await play(
      { guildId: GUILD_A, channelId: '910000000000000004' },
      { seed: seedOfATie([CAROL, DAVE]), humans: [CAROL, DAVE] },
    );

    // Guild B: Alice's one-reroll game there counts only on guild B's board.
    await play({ guildId: GUILD_B, channelId: '910000000000000005' }, { seed: 9, humans: [ALICE] });
  });

  afterAll(async () => {
    await store.close();
    await db.remove();
  });

  /** The leaderboard computed in JavaScript from the engine's final states: the oracle. */
  function expectedBoard(games: readonly StoredGame[], rerolls: 1 | 2): Omit<LeaderboardRow, 'rank'>[] {
    const byPlayer = new Map<string, { total: number; games: number; wins: number; best: number }>();
    for (const game of games) {
      if (game.state.status !== 'finished' || game.state.rules.rerolls !== rerolls) continue;
      for (const standing of standings(game.state)) {
        if (standing.computer !== null) continue;
        const line = byPlayer.get(standing.playerId) ?? { total: 0, games: 0, wins: 0, best: 0 };
        line.total += standing.total;
        line.games += 1;
        line.wins += standing.place === 1 ? 1 : 0;
        line.best = Math.max(line.best, standing.total);
        byPlayer.set(standing.playerId, line);
      }
    }
    return [...byPlayer].map(([playerId, line]) => ({ playerId, ...line, average: line.total / line.games }));
  }

  function withoutRank(rows: readonly LeaderboardRow[]): Omit<LeaderboardRow, 'rank'>[] {
    return rows.map(({ rank: _rank, ...rest }) => rest);
  }

  const byPlayer = (a: { playerId: string }, b: { playerId: string }) => (a.playerId < b.playerId ? -1 : 1);

  describe('the games behind the leaderboard', () => {
    it('played out as planned, with every table in step with its state', async () => {
      expect(played.map((game) => game.state.status)).toEqual([
        'finished',
        'finished',
        'finished',
        'cancelled',
        'finished',
        'finished',
        'finished',
        'finished',
        'finished',
      ]);
      expect(cancelled.state.round).toBe(7);
      const bobLeft = played[6]!.state;
      expect(bobLeft.seats.find((seat) => seat.playerId === BOB)?.left).toBe(true);
      const [first, second] = standings(tie.state);
      expect(first?.total).toBe(second?.total);
      for (const game of played) await expectRowsInStep(db, game.id, game.state);
    });
  });

  describe('leaderboard', () => {
    it('equals, per reroll count and scope, the sums of the recorded sheet rows', async () => {
      const rerollsOf = db.dialect === 'sqlite' ? "json_extract(g.rules, '$.rerolls')" : "(g.rules ->> 'rerolls')::int";
      const sheetSums = (guildId: string, rerolls: number) =>
        db.rows(
          `SELECT s.player_id AS "playerId", SUM(s.points) AS total
         FROM sheet_rows s
         JOIN games g ON g.id = s.game_id
         JOIN game_seats seat ON seat.game_id = s.game_id AND seat.player_id = s.player_id
         WHERE g.guild_id = ? AND g.status = 'finished' AND seat.computer_level IS NULL AND ${rerollsOf} = ?
         GROUP BY s.player_id ORDER BY s.player_id`,
          guildId,
          rerolls,
        );
      for (const guildId of [GUILD_A, GUILD_B]) {
        for (const rerolls of [1, 2] as const) {
          const board = await store.leaderboard({ guildId, scope: 'server', rerolls, limit: 100 });
          const totals = board.map(({ playerId, total }) => ({ playerId, total })).sort(byPlayer);
          expect(totals).toEqual(await sheetSums(guildId, rerolls));
          const guildGames = played.filter((game) => game.guildId === guildId);
          expect(withoutRank(board).sort(byPlayer)).toEqual(expectedBoard(guildGames, rerolls).sort(byPlayer));
        }
      }
      expect((await store.leaderboard({ guildId: GUILD_A, scope: 'server', rerolls: 1 })).length).toBeGreaterThan(0);
      expect((await store.leaderboard({ guildId: GUILD_A, scope: 'server', rerolls: 2 })).length).toBeGreaterThan(0);
    });

    it('ranks by total, highest first, with equal totals sharing a rank', async () => {
      for (const rerolls of [1, 2] as const) {
        const board = await store.leaderboard({ guildId: GUILD_A, scope: 'server', rerolls, limit: 100 });
        board.forEach((row, index) => {
          expect(row.rank).toBe(1 + board.filter((other) => other.total > row.total).length);
          if (index > 0) expect(row.total).toBeLessThanOrEqual(board[index - 1]?.total ?? Infinity);
        });
      }
      const tied = await store.leaderboard({ guildId: GUILD_A, scope: 'series', seriesId: tie.seriesId, rerolls: 1 });
      expect(tied.map((row) => row.rank)).toEqual([1, 1]);
      // A shared first place is a win for each.
      expect(tied.map((row) => row.wins)).toEqual([1, 1]);
    });

    it('never counts cancelled games', async () => {
      const series = await store.leaderboard({
        guildId: GUILD_A,
        scope: 'series',
        seriesId: cancelled.seriesId,
        rerolls: 1,
      });
      const oracle = expectedBoard(seriesGames, 1).sort(byPlayer);
      expect(withoutRank(series).sort(byPlayer)).toEqual(oracle);
      // The cancelled game has sheet rows, yet they are in no total.
      const [cancelledPoints] = await db.rows<{ points: number }>(
        'SELECT SUM(points) AS points FROM sheet_rows WHERE game_id = ?',
        cancelled.id,
      );
      expect(cancelledPoints?.points).toBeGreaterThan(0);
      expect(await db.rows('SELECT 1 FROM game_results WHERE game_id = ?', cancelled.id)).toEqual([]);
      expect(series.find((row) => row.playerId === ALICE)?.games).toBe(3);
    });

    it('keeps one-reroll and two-reroll games apart', async () => {
      const one = await store.leaderboardRank({ guildId: GUILD_A, scope: 'server', rerolls: 1, playerId: ALICE });
      const two = await store.leaderboardRank({ guildId: GUILD_A, scope: 'server', rerolls: 2, playerId: ALICE });
      expect(one?.games).toBe(3);
      expect(two?.games).toBe(2);
      const twoRerollGames = played.filter((game) => game.state.rules.rerolls === 2);
      const aliceTwo = twoRerollGames.flatMap((game) => standings(game.state)).filter((s) => s.playerId === ALICE);
      expect(two?.total).toBe(aliceTwo.reduce((sum, s) => sum + s.total, 0));
      // Carol played two-reroll games in guild A and one-reroll games too; Bob only one-reroll.
      expect(
        await store.leaderboardRank({ guildId: GUILD_A, scope: 'server', rerolls: 2, playerId: BOB }),
      ).toBeUndefined();
    });

    it('leaves computers out', async () => {
      const computersInResults = await db.rows('SELECT player_id FROM game_results WHERE is_computer');
      expect(computersInResults).toHaveLength(5);
      for (const rerolls of [1, 2] as const) {
        const board = await store.leaderboard({ guildId: GUILD_A, scope: 'server', rerolls, limit: 100 });
        expect(board.every((row) => !row.playerId.startsWith('cpu-'))).toBe(true);
      }
    });

    it('keeps guilds apart, and a series board needs its own guild', async () => {
      const boardB = await store.leaderboard({ guildId: GUILD_B, scope: 'server', rerolls: 1 });
      expect(boardB.map((row) => row.playerId)).toEqual([ALICE]);
      expect(
        await store.leaderboard({ guildId: GUILD_B, scope: 'series', seriesId: cancelled.seriesId, rerolls: 1 }),
      ).toEqual([]);
    });

    it('returns the top rows up to the limit, and anyone’s own rank beyond it', async () => {
      const full = await store.leaderboard({ guildId: GUILD_A, scope: 'server', rerolls: 1, limit: 100 });
      expect(full.length).toBeGreaterThanOrEqual(3);
      const top = await store.leaderboard({ guildId: GUILD_A, scope: 'server', rerolls: 1, limit: 2 });
      expect(top).toEqual(full.slice(0, 2));
      const last = full[full.length - 1]!;
      expect(
        await store.leaderboardRank({ guildId: GUILD_A, scope: 'server', rerolls: 1, playerId: last.playerId }),
      ).toEqual(last);
      expect(
        await store.leaderboardRank({ guildId: GUILD_A, scope: 'server', rerolls: 1, playerId: '100000000000000099' }),
      ).toBeUndefined();
    });
  });

  describe('series', () => {
    it('lists the games of a series in order, with results only for finished ones', async () => {
      const games = await store.seriesGames(cancelled.seriesId);
      expect(games.map((game) => [game.gameId, game.seriesGameNumber, game.status])).toEqual(
        seriesGames.map((game, index) => [game.id, index + 1, game.state.status]),
      );
      games.forEach((listed, index) => {
        const state = seriesGames[index]!.state;
        const expected = state.status === 'finished' ? standings(state) : [];
        expect([...listed.results].sort(byPlayer)).toEqual(
          expected
            .map((s) => ({ playerId: s.playerId, total: s.total, place: s.place, isComputer: s.computer !== null }))
            .sort(byPlayer),
        );
      });
    });

    it('totals the back-to-back games: finished ones, humans only', async () => {
      const totals = await store.seriesTotals(cancelled.seriesId);
      const oracle = expectedBoard(seriesGames, 1).map(({ playerId, total, games, wins }) => ({
        playerId,
        total,
        games,
        wins,
      }));
      expect([...totals].sort(byPlayer)).toEqual(oracle.sort(byPlayer));
      expect(totals.map((row) => row.games)).toEqual([3, 3]);
      expect(totals[0]!.total).toBeGreaterThanOrEqual(totals[1]!.total);
    });
  });
});
