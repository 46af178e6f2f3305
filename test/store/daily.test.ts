/**
 * The daily store beside the GameStore, on both backends: the secret made once, one attempt per
 * person per day, results filled in by the game's own end, boards and standings, and the skill
 * ranking's sums over normal and daily games.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  CATEGORY_IDS,
  createDailyGame,
  type DailyDeal,
  DEFAULT_RULES,
  dealRandom,
  type GameState,
  sheetTotal,
} from '../../src/game/index.js';
import { dailyOutcome } from '../../src/stats/daily-result.js';
import { type DailyStore, openDailyStore } from '../../src/store/daily/index.js';
import type { GameStore } from '../../src/store/index.js';
import { chooseComputerAction } from '../../src/strategy/index.js';
import { BACKENDS, type TestDatabase } from './backends.js';
import { playThroughStore } from './helpers.js';

const GUILD_A = '900000000000000001';
const GUILD_B = '900000000000000002';
const DAY = 20_800;
const NOW = DAY * 86_400_000 + 3_600_000;

/** Deals, stores and plays a person's daily game through the store: `smart` plays it optimally, else stands on every first roll. */
async function playDaily(
  store: GameStore,
  daily: DailyStore,
  deal: DailyDeal,
  guildId: string,
  playerId: string,
  smart: boolean,
): Promise<GameState> {
  const name = `P${playerId.slice(-2)}`;
  const claimed = await daily.claim({ day: deal.day, playerId, guildId, name, startedAt: NOW });
  expect(claimed.ok).toBe(true);
  // Seated under the name the claim keeps, as /crag daily play does.
  let state = createDailyGame(playerId, deal.day, name);
  const start: Action = { type: 'start', playerId };
  const started = applyAction(state, start, dealRandom(deal, state, start));
  if (!started.ok) throw new Error(started.code);
  const created = await store.createGame({
    guildId,
    channelId: `daily-${playerId}`,
    state: started.state,
    turnTimerSeconds: 60,
    hintsEnabled: false,
    pingsEnabled: false,
  });
  if (!created.ok) throw new Error(created.reason);
  await daily.attachGame(deal.day, playerId, created.game.id);
  state = created.game.state;
  while (state.status === 'playing') {
    const open = CATEGORY_IDS.find((row) => state.sheets[playerId]?.[row] === undefined)!;
    const action: Action = smart ? chooseComputerAction(state, 'optimal') : { type: 'score', playerId, category: open };
    const result = applyAction(state, action, dealRandom(deal, state, action));
    if (!result.ok) throw new Error(result.code);
    const saved = await store.saveState(created.game.id, state.version, result.state);
    if (!saved.ok) throw new Error(saved.reason);
    state = saved.game.state;
  }
  return state;
}

describe.each(BACKENDS)('$name: the daily store', (backend) => {
  let db: TestDatabase;
  let store: GameStore;
  let daily: DailyStore;
  let deal: DailyDeal;

  beforeAll(async () => {
    db = await backend.fresh();
    store = await db.open({ now: () => NOW });
    const location =
      backend.name === 'sqlite'
        ? { kind: 'sqlite' as const, path: db.location }
        : { kind: 'postgres' as const, url: db.location };
    daily = await openDailyStore(location);
    deal = { secret: await daily.secret(), day: DAY };
  });

  afterAll(async () => {
    await daily?.close();
    await store?.close();
    await db?.remove();
  });

  it("reads the secret its migration made, 32 bytes, the same each time and not another database's", async () => {
    expect(deal.secret.length).toBe(32);
    expect((await daily.secret()).equals(deal.secret)).toBe(true);
    const rows = await db.rows<{ n: number }>('SELECT COUNT(*) AS n FROM daily_secret');
    expect(Number(rows[0]!.n)).toBe(1);
    const other = await backend.fresh();
    await (await other.open({ now: () => NOW })).close();
    const [theirs] = await other.rows<{ secret: Buffer }>('SELECT secret FROM daily_secret');
    await other.remove();
    expect(theirs?.secret.length).toBe(32);
    expect(theirs?.secret.equals(deal.secret)).toBe(false);
  });

  it('fills in the result as the game ends, and the game counts in no leaderboard or series', async () => {
    const state = await playDaily(store, daily, deal, GUILD_A, '100000000000000001', true);
    const entry = await daily.entry(DAY, '100000000000000001');
    const outcome = dailyOutcome(state, '100000000000000001');
    expect(entry).toMatchObject({
      guildId: GUILD_A,
      total: sheetTotal(state.sheets['100000000000000001']!),
      decisions: 26,
    });
    expect(entry!.loss).toBeCloseTo(outcome.loss, 9);
    expect(await db.rows('SELECT * FROM player_stats')).toEqual([]);
    expect(await db.rows('SELECT * FROM series_players')).toEqual([]);
    const results = await db.rows<{ decisions: number }>('SELECT decisions FROM game_results');
    expect(results.map((row) => Number(row.decisions))).toEqual([26]);
  });

  it('allows one attempt per person per day, in any server', async () => {
    const again = await daily.claim({
      day: DAY,
      playerId: '100000000000000001',
      guildId: GUILD_B,
      name: null,
      startedAt: NOW,
    });
    expect(again.ok).toBe(false);
    expect(!again.ok && again.entry.guildId).toBe(GUILD_A);
    const tomorrow = await daily.claim({
      day: DAY + 1,
      playerId: '100000000000000001',
      guildId: GUILD_B,
      name: null,
      startedAt: NOW,
    });
    expect(tomorrow.ok).toBe(true);
  });

  it("lists a server's finished results best first, and places a total in the server and the world", async () => {
    const best = (await daily.entry(DAY, '100000000000000001'))!.total!;
    const careless = await playDaily(store, daily, deal, GUILD_A, '100000000000000002', false);
    const same = await playDaily(store, daily, deal, GUILD_B, '100000000000000003', true);
    expect(sheetTotal(same.sheets['100000000000000003']!)).toBe(best);
    const low = sheetTotal(careless.sheets['100000000000000002']!);
    await daily.claim({ day: DAY, playerId: '100000000000000004', guildId: GUILD_A, name: null, startedAt: NOW });
    const board = await daily.serverBoard(GUILD_A, DAY, 10);
    // Standing on every first roll and filling the rows in order is far below the optimum's play.
    expect(low).toBeLessThan(best);
    expect(board.map((row) => [row.place, row.playerId, row.total])).toEqual([
      [1, '100000000000000001', best],
      [2, '100000000000000002', low],
    ]);
    expect(await daily.standing(DAY, low, GUILD_A)).toEqual({ finished: 2, better: 1 });
    expect(await daily.standing(DAY, low)).toEqual({ finished: 3, better: 2 });
    expect(await daily.standing(DAY, best)).toEqual({ finished: 3, better: 0 });
  });

  it('reads the finished days for the streak', async () => {
    expect(await daily.finishedDays('100000000000000001', DAY - 30, DAY + 5)).toEqual([DAY]);
  });

  it('sums points lost and decisions per person over normal and daily games, people only, by rules and period', async () => {
    await playThroughStore(
      store,
      { guildId: GUILD_A, channelId: '910000000000000001' },
      {
        seed: 7,
        humans: ['100000000000000001'],
        computers: ['easy'],
      },
    );
    const lines = await daily.skillLines({ guildId: GUILD_A, rules: DEFAULT_RULES, period: 'all', minGames: 1 });
    const mine = lines.find((line) => line.playerId === '100000000000000001')!;
    expect(mine.games).toBe(2);
    const careless = lines.find((line) => line.playerId === '100000000000000002')!;
    // Known from the daily deal only.
    expect(careless.name).toBe('P02');
    expect(mine.decisions).toBeGreaterThanOrEqual(26 + 20);
    expect(lines.some((line) => line.playerId.startsWith('cpu-'))).toBe(false);
    // The sums kept as the games ended are the sums of their results (all in the default rules here).
    const recounted = await db.rows<Record<string, number | string>>(
      `SELECT r.player_id, COUNT(*) AS games, SUM(r.decisions) AS decisions, SUM(r.skill_loss) AS loss,
         SUM(r.skill_loss * r.skill_loss) AS loss_squared, SUM(r.decisions * r.decisions) AS decisions_squared,
         SUM(r.skill_loss * r.decisions) AS loss_times_decisions
       FROM game_results r JOIN games g ON g.id = r.game_id
       WHERE g.guild_id = '${GUILD_A}' AND r.decisions > 0 GROUP BY r.player_id ORDER BY r.player_id`,
    );
    const sums = (line: Record<string, unknown>) =>
      ['games', 'decisions', 'loss', 'loss_squared', 'decisions_squared', 'loss_times_decisions'].map((key) =>
        Number(Number(line[key]).toFixed(6)),
      );
    expect(
      [...lines]
        .sort((a, b) => a.playerId.localeCompare(b.playerId))
        .map((line) => [
          line.playerId,
          ...sums({
            games: line.games,
            decisions: line.decisions,
            loss: line.loss,
            loss_squared: line.lossSquared,
            decisions_squared: line.decisionsSquared,
            loss_times_decisions: line.lossTimesDecisions,
          }),
        ]),
    ).toEqual(recounted.map((row) => [row.player_id, ...sums(row)]));
    expect(
      await daily.skillLines({ guildId: GUILD_A, rules: { rerolls: 2, thirteen: 'any' }, period: 'all', minGames: 1 }),
    ).toEqual([]);
    expect(
      await daily.skillLines({ guildId: GUILD_A, rules: DEFAULT_RULES, period: 'month:2020-01', minGames: 1 }),
    ).toEqual([]);
    // Lines below the minimum stay in the database, but for the one asked for.
    const ranked = { guildId: GUILD_A, rules: DEFAULT_RULES, period: 'all', minGames: 2 };
    expect((await daily.skillLines(ranked)).map((line) => line.playerId)).toEqual(['100000000000000001']);
    const withCareless = await daily.skillLines({ ...ranked, playerId: '100000000000000002' });
    expect(withCareless.map((line) => line.playerId).sort()).toEqual(['100000000000000001', '100000000000000002']);
    const month = new Date(NOW).toISOString().slice(0, 7);
    expect(
      await daily.skillLines({ guildId: GUILD_A, rules: DEFAULT_RULES, period: `month:${month}`, minGames: 1 }),
    ).toHaveLength(2);
  });

  it("sums a person's skill over every place: the place's people and the asker, each with their lines everywhere", async () => {
    // A group DM's games are kept under the channel's id (src/bot/place.ts).
    const groupDm = '920000000000000001';
    const [p1, p2, p3] = ['100000000000000001', '100000000000000002', '100000000000000003'];
    await playThroughStore(
      store,
      { guildId: groupDm, channelId: groupDm },
      { seed: 11, humans: [p1, p3], computers: ['easy'] },
    );
    const everywhere = await db.rows<Record<string, number | string>>(
      `SELECT r.player_id, COUNT(*) AS games, SUM(r.decisions) AS decisions, SUM(r.skill_loss) AS loss
       FROM game_results r WHERE r.decisions > 0 AND r.is_computer = ${backend.name === 'sqlite' ? 0 : 'false'}
       GROUP BY r.player_id ORDER BY r.player_id`,
    );
    const figures = (lines: readonly { playerId: string; games: number; decisions: number; loss: number }[]) =>
      [...lines]
        .sort((a, b) => a.playerId.localeCompare(b.playerId))
        .map((line) => [line.playerId, line.games, line.decisions, Number(line.loss.toFixed(6))]);
    const recounted = (...ids: string[]) =>
      everywhere
        .filter((row) => ids.includes(String(row.player_id)))
        .map((row) => [row.player_id, Number(row.games), Number(row.decisions), Number(Number(row.loss).toFixed(6))]);
    const query = { rules: DEFAULT_RULES, period: 'all', minGames: 1 };
    // The server's people (1 and 2), each with their group DM's games too; 3 never played here.
    expect(figures(await daily.personSkillLines({ ...query, guildId: GUILD_A }))).toEqual(recounted(p1, p2));
    expect(figures(await daily.personSkillLines({ ...query, guildId: groupDm }))).toEqual(recounted(p1, p3));
    expect(recounted(p1)[0]?.[1]).toBe(3);
    // The place's own sums are unchanged: 1's two games in the server.
    const own = await daily.skillLines({ ...query, guildId: GUILD_A });
    expect(own.find((line) => line.playerId === p1)?.games).toBe(2);
    // The asker is counted where they never played; the minimum counts games everywhere (3 has 2).
    const asked = await daily.personSkillLines({ ...query, guildId: GUILD_B, minGames: 3, playerId: p1 });
    expect(figures(asked)).toEqual(recounted(p1));
    expect(await daily.personSkillLines({ ...query, guildId: GUILD_B, minGames: 2 })).toHaveLength(1);
    // Named as the place knows them: 2 from the server's daily deal.
    expect(
      (await daily.personSkillLines({ ...query, guildId: GUILD_A })).find((line) => line.playerId === p2)?.name,
    ).toBe('P02');
  });
});
