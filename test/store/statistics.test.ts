/**
 * The statistics the store keeps as games end, against a recomputation from the games themselves
 * (stats-oracle.ts), over many generated games on both backends: games ended click by click and
 * games stored whole, several servers, channels and rule sets, people leaving, cancelled games,
 * computers, seasons started between games, and months and weeks turning over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULE_SETS, type ComputerLevel, type GameState, seededRandom } from '../../src/game/index.js';
import { recordGame } from '../../src/stats/game-record.js';
import { periodKey } from '../../src/stats/periods.js';
import { ruleSetKey } from '../../src/stats/rule-sets.js';
import type { GameStore, NewGame } from '../../src/store/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import { type GamePlan, newGameState, step } from './drive-game.js';
import { playThroughStore } from './helpers.js';
import {
  type CountedGame,
  expectedSeries,
  expectedStats,
  expectSameFigures,
  storedSeries,
  storedStats,
} from './stats-oracle.js';

const GUILDS = ['900000000000000001', '900000000000000002'] as const;
const CHANNELS: Readonly<Record<string, readonly string[]>> = {
  [GUILDS[0]]: ['910000000000000001', '910000000000000002'],
  [GUILDS[1]]: ['910000000000000003'],
};
const PEOPLE = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];
const NAMES: Readonly<Record<string, string>> = {
  [PEOPLE[0]!]: 'Alice *the bold*',
  [PEOPLE[1]!]: 'Bob, "B"',
  [PEOPLE[2]!]: '=Carol',
};
/** A Sunday evening in UTC: within a day both the week and the month turn over. */
const START = Date.UTC(2026, 10, 29, 20, 0);
const HOUR = 60 * 60 * 1000;
const LEVELS: readonly ComputerLevel[] = ['easy', 'optimal', 'strong'];

function playedOut(plan: GamePlan): GameState {
  let state = newGameState(plan);
  for (let next = step(state, plan); next; next = step(state, plan)) state = next;
  return state;
}

describe.each(BACKENDS)('$name: statistics kept as games end', (backend) => {
  let db: TestDatabase;
  let store: GameStore;
  let clock = START;
  const counted: CountedGame[] = [];
  const seasons = new Map<string, number>(GUILDS.map((guild) => [guild, 1]));

  beforeAll(async () => {
    db = await backend.fresh();
    store = await db.open({ now: () => clock });
    const random = seededRandom(2026);
    const series = new Map<string, number>();
    const planFor = (seed: number): GamePlan => {
      const humans = [...PEOPLE].sort(() => random(3) - 1).slice(0, 1 + random(3));
      const computers = Array.from({ length: random(3) === 0 ? 1 + random(2) : 0 }, () => LEVELS[random(3)]!);
      const rules = ALL_RULE_SETS[random(4)]!;
      const leaver = humans.length > 1 && random(5) === 0 ? humans[1] : undefined;
      return {
        seed,
        humans,
        computers,
        rules,
        names: NAMES,
        ...(leaver ? { leaves: { playerId: leaver, round: 1 + random(13) } } : {}),
        ...(random(10) === 0 ? { cancelAtRound: 2 + random(10) } : {}),
      };
    };
    for (let round = 0; round < 12; round += 1) {
      // A season begins between games now and then, in one server or the other.
      if (round === 4 || round === 9) {
        const guild = GUILDS[round === 4 ? 0 : 1];
        const season = await store.startSeason(guild, PEOPLE[0]!);
        expect(season).toEqual({ number: (seasons.get(guild) ?? 1) + 1 });
        const started = 'SELECT started_at, started_by FROM seasons WHERE guild_id = ? AND number = ?';
        expect(await db.rows(started, guild, season.number)).toEqual([{ started_at: clock, started_by: PEOPLE[0] }]);
        seasons.set(guild, season.number);
      }
      // Some games end click by click, as the bot plays them; others arrive whole, in one transaction.
      const batch: (NewGame & { plan: GamePlan })[] = [];
      for (const guildId of GUILDS) {
        for (const channelId of CHANNELS[guildId] ?? []) {
          const seed = counted.length + batch.length + 1;
          const plan = planFor(seed);
          const seriesId = series.get(`${channelId} ${ruleSetKey(plan.rules!)}`);
          const table = { guildId, channelId, ...(seriesId === undefined ? {} : { seriesId }) };
          if ((seed + round) % 3 === 0) {
            clock += 1 + random(5 * HOUR);
            const game = await playThroughStore(store, table, plan);
            series.set(`${channelId} ${ruleSetKey(plan.rules!)}`, game.seriesId);
            counted.push({
              guildId,
              seriesId: game.seriesId,
              state: game.state,
              finishedAt: clock,
              season: seasons.get(guildId)!,
            });
          } else {
            batch.push({ ...table, plan, state: playedOut(plan), turnTimerSeconds: 60, hintsEnabled: true });
          }
        }
      }
      clock += 1 + random(5 * HOUR);
      const created = await store.createGames(batch);
      created.forEach((result, index) => {
        const game = batch[index]!;
        if (!result.ok) throw new Error(`game ${index} of the batch was refused: ${result.reason}`);
        series.set(`${game.channelId} ${ruleSetKey(game.plan.rules!)}`, result.game.seriesId);
        counted.push({
          guildId: game.guildId,
          seriesId: result.game.seriesId,
          state: game.state,
          finishedAt: clock,
          season: seasons.get(game.guildId)!,
        });
      });
    }
  });

  afterAll(async () => {
    await store.close();
    await db.remove();
  });

  it('played a varied history: finished and cancelled, every rule set, both seasons, two months and weeks', () => {
    const finished = counted.filter((game) => game.state.status === 'finished');
    expect(finished.length).toBeGreaterThan(25);
    expect(counted.some((game) => game.state.status === 'cancelled')).toBe(true);
    expect(new Set(finished.map((game) => ruleSetKey(game.state.rules))).size).toBe(4);
    expect(new Set(finished.map((game) => game.season))).toEqual(new Set([1, 2]));
    expect(new Set(finished.map((game) => periodKey('month', game.finishedAt, 1))).size).toBeGreaterThan(1);
    expect(new Set(finished.map((game) => periodKey('week', game.finishedAt, 1))).size).toBeGreaterThan(1);
    expect(finished.some((game) => game.state.seats.some((seat) => seat.left))).toBe(true);
    expect(finished.some((game) => recordGame(game.state).some((record) => record.won))).toBe(true);
  });

  it('keeps every aggregate equal to the same figures recomputed from the games', async () => {
    expectSameFigures(await storedStats(db), expectedStats(counted));
    expect(await storedSeries(db)).toEqual(expectedSeries(counted));
  });

  it('gives each person their figures per rule set, the most played first, with their name', async () => {
    const expected = expectedStats(counted);
    for (const guildId of GUILDS) {
      for (const playerId of PEOPLE) {
        for (const period of ['all', 'season:1', 'season:2', 'month:2026-11', 'month:2026-12', 'week:2026-W49']) {
          const stats = await store.playerStats(guildId, playerId, period);
          const lines = [...expected].filter(
            ([key]) => key.startsWith(`${guildId}|${period}|`) && key.endsWith(playerId),
          );
          expect(stats.lines.map((line) => ruleSetKey(line.rules)).sort()).toEqual(
            lines.map(([key]) => key.split('|')[2]).sort(),
          );
          for (const line of stats.lines) {
            const oracle = expected.get(`${guildId}|${period}|${ruleSetKey(line.rules)}|${playerId}`);
            expect({ games: line.games, total: line.total, wins: line.wins, best: line.best }).toEqual({
              games: oracle?.games,
              total: oracle?.total,
              wins: oracle?.wins,
              best: oracle?.best,
            });
            expect(line.recent.map((game) => `${game.total}/${game.skillLoss}/${game.at}`)).toEqual(oracle?.recent);
          }
          expect(stats.lines.map((line) => line.games)).toEqual(
            stats.lines.map((line) => line.games).sort((a, b) => b - a),
          );
          if (stats.lines.length > 0) expect(stats.name).toBe(NAMES[playerId] ?? null);
        }
      }
    }
  });

  it("sums each person's figures over every place for the periods that mean the same everywhere", async () => {
    // Every game counted in one place: the oracle's figures of a person across both servers.
    const everywhere = expectedStats(counted.map((game) => ({ ...game, guildId: '*' })));
    const perPlace = expectedStats(counted);
    let merged = 0;
    for (const guildId of GUILDS) {
      for (const playerId of PEOPLE) {
        for (const period of ['all', 'month:2026-11', 'month:2026-12', 'week:2026-W49']) {
          const stats = await store.personStats(guildId, playerId, period);
          const lines = [...everywhere].filter(([key]) => key.startsWith(`*|${period}|`) && key.endsWith(playerId));
          expect(stats.lines.map((line) => ruleSetKey(line.rules)).sort()).toEqual(
            lines.map(([key]) => key.split('|')[2]).sort(),
          );
          for (const line of stats.lines) {
            const oracle = everywhere.get(`*|${period}|${ruleSetKey(line.rules)}|${playerId}`)!;
            const inBoth = GUILDS.every((guild) =>
              perPlace.has(`${guild}|${period}|${ruleSetKey(line.rules)}|${playerId}`),
            );
            if (inBoth) merged += 1;
            expect({
              games: line.games,
              wins: line.wins,
              total: line.total,
              best: line.best,
              crags: line.crags,
              rowPoints: line.rowPoints,
              rowZeros: line.rowZeros,
              recent: line.recent.map((game) => `${game.total}/${game.skillLoss}/${game.at}`),
            }).toEqual({
              games: oracle.games,
              wins: oracle.wins,
              total: oracle.total,
              best: oracle.best,
              crags: oracle.crags,
              rowPoints: oracle.rowPoints,
              rowZeros: oracle.rowZeros,
              recent: oracle.recent,
            });
            expect(line.skillLoss).toBeCloseTo(oracle.skillLoss, 6);
            expect(line.luck).toBeCloseTo(oracle.luck, 6);
          }
          expect(stats.lines.map((line) => line.games)).toEqual(
            stats.lines.map((line) => line.games).sort((a, b) => b - a),
          );
          // The name is the asking place's: none where the person never finished a game.
          const here = (await store.playerStats(guildId, playerId, 'all')).name;
          expect(stats.name).toBe(here);
        }
      }
    }
    // The history has people who played the same rule set in both servers in a period.
    expect(merged).toBeGreaterThan(5);
  });

  it('ranks each server, period and rule set from the aggregates, names beside the ids', async () => {
    const expected = expectedStats(counted);
    for (const [key] of expected) {
      const [guildId, period, rules] = key.split('|') as [string, string, string];
      const ruleSet = ALL_RULE_SETS.find((candidate) => ruleSetKey(candidate) === rules)!;
      const board = await store.leaderboard({ guildId, scope: 'server', rules: ruleSet, period, limit: 100 });
      const oracle = [...expected]
        .filter(([other]) => other.startsWith(`${guildId}|${period}|${rules}|`))
        .map(([other, line]) => ({ playerId: other.split('|')[3]!, total: line.total, games: line.games }));
      expect(
        board
          .map((row) => ({ playerId: row.playerId, total: row.total, games: row.games }))
          .sort((a, b) => (a.playerId < b.playerId ? -1 : 1)),
      ).toEqual(oracle.sort((a, b) => (a.playerId < b.playerId ? -1 : 1)));
      for (const row of board) expect(row.name).toBe(NAMES[row.playerId] ?? null);
    }
  });

  it('lists finished games newest first, a server’s or a channel’s, a page at a time, with what each counted for', async () => {
    for (const guildId of GUILDS) {
      const all = [];
      let beforeId: number | undefined;
      for (;;) {
        const page = await store.finishedGames({ guildId, limit: 7, ...(beforeId === undefined ? {} : { beforeId }) });
        if (page.length === 0) break;
        all.push(...page);
        beforeId = page.at(-1)?.id;
      }
      const finished = counted.filter((game) => game.guildId === guildId && game.state.status === 'finished');
      expect(all.map((game) => game.state)).toEqual(finished.map((game) => game.state).reverse());
      expect(all.map((game) => game.finishedAt)).toEqual(finished.map((game) => game.finishedAt).reverse());
      for (const game of all) {
        const records = new Map(recordGame(game.state).map((record) => [record.playerId, record]));
        for (const result of game.results) {
          expect(result.won).toBe(records.get(result.playerId)?.won ?? false);
          expect(result.skillLoss).toBe(records.get(result.playerId)?.skillLoss ?? null);
          expect(result.luck).toBe(records.get(result.playerId)?.luck ?? null);
        }
      }
      for (const channelId of CHANNELS[guildId] ?? []) {
        const latest = await store.finishedGames({ guildId, channelId, limit: 3 });
        expect(latest.map((game) => game.id)).toEqual(
          all
            .filter((game) => game.channelId === channelId)
            .slice(0, 3)
            .map((game) => game.id),
        );
      }
    }
  });
});
