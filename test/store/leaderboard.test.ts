import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULE_SETS, type Rules, standings } from '../../src/game/index.js';
import { ruleSetKey } from '../../src/stats/rule-sets.js';
import type { GameStore, LeaderboardQuery, LeaderboardRow, StoredGame } from '../../src/store/index.js';
import { readPackedGame } from '../../src/store/packed-game.js';
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

  /**
   * The leaderboard computed in JavaScript from the engine's final states: the oracle. A win needs
   * first place with at least two people at the table.
   */
  function expectedBoard(games: readonly StoredGame[], rules?: Rules): Omit<LeaderboardRow, 'rank'>[] {
    const byPlayer = new Map<string, { total: number; games: number; wins: number; best: number }>();
    for (const game of games) {
      if (game.state.status !== 'finished') continue;
      if (rules && ruleSetKey(game.state.rules) !== ruleSetKey(rules)) continue;
      const people = game.state.seats.filter((seat) => seat.computer === null).length;
      for (const standing of standings(game.state)) {
        if (standing.computer !== null) continue;
        const line = byPlayer.get(standing.playerId) ?? { total: 0, games: 0, wins: 0, best: 0 };
        line.total += standing.total;
        line.games += 1;
        line.wins += standing.place === 1 && people >= 2 ? 1 : 0;
        line.best = Math.max(line.best, standing.total);
        byPlayer.set(standing.playerId, line);
      }
    }
    return [...byPlayer].map(([playerId, line]) => ({
      playerId,
      name: null,
      ...line,
      average: line.total / line.games,
    }));
  }

  const server = (guildId: string, rules: Rules, extra: Partial<LeaderboardQuery> = {}): LeaderboardQuery =>
    ({ guildId, scope: 'server', rules, period: 'all', ...extra }) as LeaderboardQuery;
  const ONE: Rules = { rerolls: 1, thirteen: 'any' };

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
    it('equals, per rule set, the sums of the packed sheets the database holds', async () => {
      const stored = await db.rows<{ guild_id: string; state: string }>(
        "SELECT guild_id, state FROM games WHERE status = 'finished'",
      );
      const sheetSums = (guildId: string, rules: Rules) => {
        const sums = new Map<string, number>();
        for (const row of stored.filter((game) => game.guild_id === guildId)) {
          const state = readPackedGame(row.state);
          if (!state || ruleSetKey(state.rules) !== ruleSetKey(rules)) continue;
          for (const seat of state.seats.filter((candidate) => candidate.computer === null)) {
            const points = Object.values(state.sheets[seat.playerId] ?? {}).reduce(
              (sum, e) => sum + (e?.points ?? 0),
              0,
            );
            sums.set(seat.playerId, (sums.get(seat.playerId) ?? 0) + points);
          }
        }
        return [...sums].map(([playerId, total]) => ({ playerId, total })).sort(byPlayer);
      };
      for (const guildId of [GUILD_A, GUILD_B]) {
        for (const rules of ALL_RULE_SETS) {
          const board = await store.leaderboard({ ...server(guildId, rules), limit: 100 });
          const totals = board.map(({ playerId, total }) => ({ playerId, total })).sort(byPlayer);
          expect(totals).toEqual(sheetSums(guildId, rules));
          const guildGames = played.filter((game) => game.guildId === guildId);
          expect(withoutRank(board).sort(byPlayer)).toEqual(expectedBoard(guildGames, rules).sort(byPlayer));
        }
      }
      for (const rules of [ONE, { rerolls: 2, thirteen: 'any' }, { rerolls: 2, thirteen: 'no-pair' }] as const) {
        expect((await store.leaderboard(server(GUILD_A, rules))).length).toBeGreaterThan(0);
      }
    });

    it('ranks by total, highest first, with equal totals sharing a rank', async () => {
      for (const rules of ALL_RULE_SETS) {
        const board = await store.leaderboard({ ...server(GUILD_A, rules), limit: 100 });
        board.forEach((row, index) => {
          expect(row.rank).toBe(1 + board.filter((other) => other.total > row.total).length);
          if (index > 0) expect(row.total).toBeLessThanOrEqual(board[index - 1]?.total ?? Infinity);
        });
      }
      const tied = await store.leaderboard({ guildId: GUILD_A, scope: 'series', seriesId: tie.seriesId });
      expect(tied.map((row) => row.rank)).toEqual([1, 1]);
      // A shared first place is a win for each.
      expect(tied.map((row) => row.wins)).toEqual([1, 1]);
    });

    it('never counts cancelled games', async () => {
      const series = await store.leaderboard({ guildId: GUILD_A, scope: 'series', seriesId: cancelled.seriesId });
      const oracle = expectedBoard(seriesGames).sort(byPlayer);
      expect(withoutRank(series).sort(byPlayer)).toEqual(oracle);
      // The cancelled game has points on its sheets, yet they are in no total.
      const [cancelledState] = await db.rows<{ state: string }>('SELECT state FROM games WHERE id = ?', cancelled.id);
      const cancelledSheets = readPackedGame(cancelledState?.state ?? '')?.sheets ?? {};
      expect(Object.values(cancelledSheets).flatMap((sheet) => Object.values(sheet)).length).toBeGreaterThan(0);
      expect(await db.rows('SELECT 1 FROM game_results WHERE game_id = ?', cancelled.id)).toEqual([]);
      expect(series.find((row) => row.playerId === ALICE)?.games).toBe(3);
    });

    it('keeps each rule set apart: one or two rerolls, and either Thirteen', async () => {
      const rank = (rules: Rules, playerId: string) => store.leaderboardRank({ ...server(GUILD_A, rules), playerId });
      expect((await rank(ONE, ALICE))?.games).toBe(3);
      const twoAny = await rank({ rerolls: 2, thirteen: 'any' }, ALICE);
      const twoNoPair = await rank({ rerolls: 2, thirteen: 'no-pair' }, ALICE);
      expect([twoAny?.games, twoNoPair?.games]).toEqual([1, 1]);
      for (const [line, rules] of [
        [twoAny, { rerolls: 2, thirteen: 'any' }],
        [twoNoPair, { rerolls: 2, thirteen: 'no-pair' }],
      ] as const) {
        const games = played.filter((game) => ruleSetKey(game.state.rules) === ruleSetKey(rules));
        const alice = games.flatMap((game) => standings(game.state)).filter((s) => s.playerId === ALICE);
        expect(line?.total).toBe(alice.reduce((sum, s) => sum + s.total, 0));
      }
      // Bob played only one-reroll games.
      expect(await rank({ rerolls: 2, thirteen: 'any' }, BOB)).toBeUndefined();
      expect(await rank({ rerolls: 1, thirteen: 'no-pair' }, ALICE)).toBeUndefined();
    });

    it('counts no win in a game with one person, alone or against computers', async () => {
      const boardB = await store.leaderboard(server(GUILD_B, ONE));
      expect(boardB).toMatchObject([{ playerId: ALICE, games: 1, wins: 0 }]);
    });

    it('ranks by average per game among players with enough games, so volume cannot buy a place', async () => {
      const byAverage = await store.leaderboard({ ...server(GUILD_A, ONE), rankBy: 'average', limit: 100 });
      const oracle = expectedBoard(
        played.filter((game) => game.guildId === GUILD_A),
        ONE,
      );
      expect(byAverage.map((row) => row.playerId).sort()).toEqual(oracle.map((row) => row.playerId).sort());
      byAverage.forEach((row) => {
        expect(row.rank).toBe(1 + byAverage.filter((other) => other.average > row.average).length);
      });
      const enough = await store.leaderboard({ ...server(GUILD_A, ONE), rankBy: 'average', minGames: 3, limit: 100 });
      expect(enough.map((row) => row.playerId).sort()).toEqual(
        oracle
          .filter((row) => row.games >= 3)
          .map((row) => row.playerId)
          .sort(),
      );
      expect(enough.length).toBeLessThan(byAverage.length);
      const few = oracle.find((row) => row.games < 3);
      expect(
        await store.leaderboardRank({
          ...server(GUILD_A, ONE),
          rankBy: 'average',
          minGames: 3,
          playerId: few!.playerId,
        }),
      ).toBeUndefined();
    });

    it('leaves computers out', async () => {
      const computersInResults = await db.rows('SELECT player_id FROM game_results WHERE is_computer');
      expect(computersInResults).toHaveLength(5);
      expect(await db.rows("SELECT player_id FROM player_stats WHERE player_id LIKE 'cpu-%'")).toEqual([]);
      for (const rules of ALL_RULE_SETS) {
        const board = await store.leaderboard({ ...server(GUILD_A, rules), limit: 100 });
        expect(board.every((row) => !row.playerId.startsWith('cpu-'))).toBe(true);
      }
    });

    it('keeps guilds apart, and a series board needs its own guild', async () => {
      const boardB = await store.leaderboard(server(GUILD_B, ONE));
      expect(boardB.map((row) => row.playerId)).toEqual([ALICE]);
      expect(await store.leaderboard({ guildId: GUILD_B, scope: 'series', seriesId: cancelled.seriesId })).toEqual([]);
    });

    it('returns the top rows up to the limit, and anyone’s own rank beyond it', async () => {
      const full = await store.leaderboard({ ...server(GUILD_A, ONE), limit: 100 });
      expect(full.length).toBeGreaterThanOrEqual(3);
      const top = await store.leaderboard({ ...server(GUILD_A, ONE), limit: 2 });
      expect(top).toEqual(full.slice(0, 2));
      const last = full[full.length - 1]!;
      expect(await store.leaderboardRank({ ...server(GUILD_A, ONE), playerId: last.playerId })).toEqual(last);
      expect(await store.leaderboardRank({ ...server(GUILD_A, ONE), playerId: '100000000000000099' })).toBeUndefined();
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
      const oracle = expectedBoard(seriesGames).map(({ playerId, total, games, wins }) => ({
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
