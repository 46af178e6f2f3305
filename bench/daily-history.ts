import { setImmediate as nextTurn } from 'node:timers/promises';
import { dayOf, seededRandom, standings } from '../src/game/index.js';
import { periodKeysOf } from '../src/stats/periods.js';
import { ruleSetKey } from '../src/stats/rule-sets.js';
import { packGame } from '../src/store/packed-game.js';
import { GameTemplates } from './game-templates.js';
import type { HistoryServer, HistoryShape } from './history-db.js';

/** A column as both backends take it: its name and its PostgreSQL type (an unnest array's element type). */
export type Column = readonly [name: string, postgresType: string];

/** Rows of one table, a batch at a time, in the columns' order; booleans as booleans (SQLite's writer makes them 0/1). */
export type WriteRows = (table: string, columns: readonly Column[], rows: readonly unknown[][]) => Promise<void>;

export interface DailyHistory {
  /** The day of the daily results, the history's last: "today" for the measured requests. */
  readonly today: number;
  /** The moment the requests are asked at: the end of the history. */
  readonly now: number;
  readonly games: number;
  readonly results: number;
}

/** Rows per batch: large enough that a batch costs little, small enough to keep memory flat. */
const BATCH = 2_000;
/** "Play again" continues a series; about one game in this many opens a new one instead (as bench/history-db.ts). */
const SERIES_LENGTH = 12;
/** Daily players' ids: apart from the scale shape's people, whose ids start with 1. */
export const dailyPlayerId = (n: number) => `2${String(n).padStart(17, '0')}`;

const COLUMNS = {
  series: [
    ['id', 'bigint'],
    ['guild_id', 'text'],
    ['channel_id', 'text'],
    ['rules', 'json'],
    ['created_at', 'bigint'],
  ],
  games: [
    ['id', 'bigint'],
    ['guild_id', 'text'],
    ['channel_id', 'text'],
    ['series_id', 'bigint'],
    ['series_game_number', 'int'],
    ['status', 'text'],
    ['state', 'json'],
    ['state_version', 'int'],
    ['turn_timer_seconds', 'int'],
    ['hints_enabled', 'bool'],
    ['created_at', 'bigint'],
    ['updated_at', 'bigint'],
    ['last_action_at', 'bigint'],
    ['ended_at', 'bigint'],
  ],
  game_results: [
    ['game_id', 'bigint'],
    ['player_id', 'text'],
    ['total', 'int'],
    ['place', 'int'],
    ['is_computer', 'bool'],
    ['won', 'bool'],
    ['skill_loss', 'float8'],
    ['luck', 'float8'],
    ['decisions', 'int'],
  ],
  player_names: [
    ['guild_id', 'text'],
    ['player_id', 'text'],
    ['name', 'text'],
  ],
  seasons: [
    ['guild_id', 'text'],
    ['number', 'int'],
    ['started_at', 'bigint'],
    ['started_by', 'text'],
  ],
  skill_totals: [
    ['guild_id', 'text'],
    ['period', 'text'],
    ['rules', 'text'],
    ['player_id', 'text'],
    ['name', 'text'],
    ['games', 'int'],
    ['decisions', 'bigint'],
    ['loss', 'float8'],
    ['loss_squared', 'float8'],
    ['decisions_squared', 'bigint'],
    ['loss_times_decisions', 'float8'],
  ],
  daily_results: [
    ['day', 'int'],
    ['player_id', 'text'],
    ['guild_id', 'text'],
    ['name', 'text'],
    ['started_at', 'bigint'],
    ['total', 'int'],
    ['loss', 'float8'],
    ['decisions', 'int'],
  ],
} as const satisfies Record<string, readonly Column[]>;

/** Collects the tables' rows and hands them to the writer a batch at a time. */
class Batches {
  private readonly pending = new Map<keyof typeof COLUMNS, unknown[][]>();

  constructor(private readonly write: WriteRows) {}

  async add(table: keyof typeof COLUMNS, row: unknown[]): Promise<void> {
    let rows = this.pending.get(table);
    if (!rows) {
      rows = [];
      this.pending.set(table, rows);
    }
    rows.push(row);
    if (rows.length >= BATCH) await this.flushAll();
  }

  /** Every table's pending rows, in COLUMNS' order: a series before its games, a game before its results. */
  async flushAll(): Promise<void> {
    // SQLite's writes are synchronous: without a turn of the event loop now and then, Ctrl-C would wait for the end.
    await nextTurn();
    for (const table of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]) {
      const rows = this.pending.get(table);
      if (!rows || rows.length === 0) continue;
      this.pending.set(table, []);
      await this.write(table, COLUMNS[table], rows);
    }
  }
}

/** A person's skill sums in one server, period and rule set, as skill_totals keeps them. */
interface SkillSumsRow {
  name: string;
  games: number;
  decisions: number;
  loss: number;
  lossSquared: number;
  decisionsSquared: number;
  lossTimesDecisions: number;
}

/**
 * The daily deal and the skill ranking's data at scale, written straight into the bot's tables (the
 * store's API would take hours here): `shape`'s finished games (bench/scale-history.ts's shape, the
 * one the statistics at scale use: servers of two channels and five people, 2–5 seated, one rule
 * set per server, 330 days, four seasons; each game a real packed game of the engine with its people
 * seated, its results' points lost drawn at random), the seasons, the names, the skill sums those
 * games add up to (as the store keeps them when a game ends), and `results` finished daily results
 * of the history's last day, spread evenly over the servers (all on one day: the worst case for the
 * world percentile), each adding its player to the server's skill sums as a daily game does.
 * The daily games themselves are not stored: nothing measured reads them.
 */
export async function writeDailyHistory(shape: HistoryShape, results: number, write: WriteRows): Promise<DailyHistory> {
  const random = seededRandom(shape.seed);
  const templates = new GameTemplates(random);
  const batches = new Batches(write);
  const skill = new Map<string, SkillSumsRow>();
  const addSkill = (key: string, name: string, loss: number, decisions: number) => {
    const row = skill.get(key) ?? {
      name,
      games: 0,
      decisions: 0,
      loss: 0,
      lossSquared: 0,
      decisionsSquared: 0,
      lossTimesDecisions: 0,
    };
    row.games += 1;
    row.decisions += decisions;
    row.loss += loss;
    row.lossSquared += loss * loss;
    row.decisionsSquared += decisions * decisions;
    row.lossTimesDecisions += loss * decisions;
    skill.set(key, row);
  };
  const stepMs = shape.spanMs / Math.max(1, shape.gamesPerServer - 1);
  const seasonEvery = Math.ceil(shape.gamesPerServer / shape.seasons);
  const lastSeries = new Map<string, { id: number; games: number }>();
  let seriesIds = 0;
  let gameIds = 0;
  for (const server of shape.servers) {
    for (const person of server.people) await batches.add('player_names', [server.guildId, person.id, person.name]);
  }
  for (let step = 0; step < shape.gamesPerServer; step += 1) {
    const at = Math.round(shape.startAt + step * stepMs);
    const season = 1 + Math.floor(step / seasonEvery);
    if (step > 0 && step % seasonEvery === 0) {
      for (const server of shape.servers) {
        await batches.add('seasons', [server.guildId, season, at, server.people[0]?.id ?? '']);
      }
    }
    const periods = periodKeysOf(at, season);
    // One game ends in every server at each step, as the store's history is written.
    for (const server of shape.servers) {
      const channelId = server.channelIds[random(server.channelIds.length)]!;
      let series = lastSeries.get(channelId);
      if (!series || random(SERIES_LENGTH) === 0) {
        seriesIds += 1;
        series = { id: seriesIds, games: 0 };
        lastSeries.set(channelId, series);
        await batches.add('series', [series.id, server.guildId, channelId, JSON.stringify(server.rules), at]);
      }
      series.games += 1;
      gameIds += 1;
      const seated = [...server.people].sort(() => random(3) - 1).slice(0, 2 + random(server.people.length - 1));
      const state = templates.game(server.rules, seated);
      await batches.add('games', [
        gameIds,
        server.guildId,
        channelId,
        series.id,
        series.games,
        'finished',
        packGame(state),
        state.version,
        300,
        true,
        at,
        at,
        at,
        at,
      ]);
      for (const standing of standings(state)) {
        const loss = random(400) / 10;
        const decisions = 13 * (1 + server.rules.rerolls) - random(4);
        await batches.add('game_results', [
          gameIds,
          standing.playerId,
          standing.total,
          standing.place,
          false,
          standing.place === 1,
          loss,
          random(600) / 10 - 30,
          decisions,
        ]);
        const name = seated.find((person) => person.id === standing.playerId)?.name ?? '';
        for (const period of periods) {
          addSkill(skillKey(server, period, ruleSetKey(server.rules), standing.playerId), name, loss, decisions);
        }
      }
    }
  }
  const now = shape.startAt + shape.spanMs;
  const today = dayOf(now);
  const todayPeriods = periodKeysOf(now, shape.seasons);
  for (let i = 0; i < results; i += 1) {
    const server = shape.servers[i % shape.servers.length]!;
    const playerId = dailyPlayerId(i);
    const name = `Daily ${i}`;
    const loss = random(400) / 10;
    const decisions = 26 - random(3);
    // Daily deals are played in the default rules (one reroll, any 13).
    await batches.add('daily_results', [today, playerId, server.guildId, name, now, 80 + random(250), loss, decisions]);
    // Each daily player here is new: their sums are this one game's (written at once, not kept in memory).
    for (const period of todayPeriods) {
      await batches.add('skill_totals', [
        server.guildId,
        period,
        '1-any',
        playerId,
        name,
        1,
        decisions,
        loss,
        loss * loss,
        decisions * decisions,
        loss * decisions,
      ]);
    }
  }
  for (const [key, row] of skill) {
    const [guildId, period, rules, playerId] = key.split(' ');
    await batches.add('skill_totals', [
      guildId,
      period,
      rules,
      playerId,
      row.name,
      row.games,
      row.decisions,
      row.loss,
      row.lossSquared,
      row.decisionsSquared,
      row.lossTimesDecisions,
    ]);
  }
  await batches.flushAll();
  return { today, now, games: gameIds, results };
}

function skillKey(server: HistoryServer, period: string, rules: string, playerId: string): string {
  return `${server.guildId} ${period} ${rules} ${playerId}`;
}
