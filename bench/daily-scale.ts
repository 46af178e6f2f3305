/**
 * The daily deal and the skill ranking at scale (`npm run bench` step 11), on SQLite and on
 * PostgreSQL: `results` finished daily results of one day across the servers and their finished
 * games (bench/daily-history.ts; a tenth of a million by default, BENCH_FULL_SIZE=1 for the million), then what `/crag daily board`, the daily result card
 * (its place in the server, its world percentile, its streak) and `/crag leaderboard rank-by:skill`
 * ask of the store, timed request by request, in process. Reports; asserts nothing. A quick look:
 * `BENCH_ONLY=daily BENCH_DAILY_RESULTS=20000 BENCH_DAILY_SERVERS=20 BENCH_DAILY_GAMES=20000 npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { BOARD_ROWS } from '../commands/daily/board.js';
import type { LatencySummary } from '../harness/kit/figures.js';
import { describeMachine } from '../harness/kit/machine.js';
import { ForeignCpu } from '../harness/kit/process-stats.js';
import { DEFAULT_RULES, seededRandom } from '../src/game/index.js';
import { PERIODS, periodKey, spansEveryPlace } from '../src/stats/periods.js';
import { MIN_GAMES_FOR_SKILL, rankBySkill } from '../src/stats/skill.js';
import { type DailyStore, openDailyStore } from '../src/store/daily/index.js';
import {
  type GameStore,
  openPostgresStore,
  openSqliteStore,
  openStore,
  type StoreLocation,
} from '../src/store/index.js';
import { type Column, type DailyHistory, dailyPlayerId, writeDailyHistory } from './daily-history.js';
import { databaseBytes, type HistoryShape, withoutWaitingForDisk } from './history-db.js';
import { startBenchPostgres } from './postgres.js';
import { scaleShape } from './scale-history.js';
import { timeRequests } from './scale-queries.js';

export interface DailyScaleOptions {
  /** Finished daily results, all of one day, spread over the servers. */
  readonly results: number;
  readonly servers: number;
  /** Finished games on SQLite, and on PostgreSQL (a thousand a server at full size on both). */
  readonly games: number;
  readonly postgresGames: number;
  /** Measured requests of each kind. */
  readonly requests: number;
  readonly say: (message: string) => void;
}

export interface DailyQueryFigures {
  /** `/crag daily board`: a server's top of the day. */
  readonly board: LatencySummary;
  /** The result card's world percentile: the day's finished results, and how many scored more. */
  readonly worldPercentile: LatencySummary;
  /** The result card's place in the server. */
  readonly serverPlace: LatencySummary;
  /** The result card's streak: the person's finished days. */
  readonly streak: LatencySummary;
  /** `/crag leaderboard rank-by:skill`: the channel's rules, the season when asked, the server's skill lines, ranked. */
  readonly skillRanking: LatencySummary;
}

export interface DailyScaleFigures {
  readonly backend: 'sqlite' | 'postgres';
  readonly servers: number;
  readonly finishedGames: number;
  readonly dailyResults: number;
  readonly bytes: number;
  readonly buildS: number;
  readonly queries: DailyQueryFigures;
  /** Cores other programs used while the queries were timed: the machine is shared. */
  readonly otherProgramsCores: number;
}

/** The targets of issue 25: each p99 under this. */
export const DAILY_P99_MS_BELOW = 20;

export async function benchDailyScale(options: DailyScaleOptions): Promise<DailyScaleFigures[]> {
  const runs: DailyScaleFigures[] = [];
  for (const backend of [onSqlite, onPostgres]) {
    const run = await backend(options);
    // Said at once: the next backend's build takes minutes, and may fail.
    const p99s = Object.entries(run.queries).map(([name, summary]) => `${name} ${summary.p99.toFixed(2)}`);
    options.say(`  p99 ms: ${p99s.join(', ')}; other programs used ${run.otherProgramsCores.toFixed(2)} cores`);
    runs.push(run);
  }
  return runs;
}

async function onSqlite(options: DailyScaleOptions): Promise<DailyScaleFigures> {
  const shape = scaleShape(options.servers, options.games);
  options.say(`daily at scale, SQLite: ${describeSize(shape, options.results)}…`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-daily-bench-'));
  const file = path.join(dir, 'daily.sqlite');
  try {
    await openSqliteStore(file, { checkpoints: 'inline' }).close();
    return await buildAndMeasure({ kind: 'sqlite', path: file }, shape, options, {
      build: () => buildOnSqlite(file, shape, options.results),
      pids: () => [process.pid],
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Builds the history into the migrated database at `location`, then times the requests through a
 * store and a daily store opened on it, counting meanwhile the CPU of programs other than `pids`.
 */
async function buildAndMeasure(
  location: StoreLocation,
  shape: HistoryShape,
  options: DailyScaleOptions,
  database: { readonly build: () => Promise<DailyHistory>; readonly pids: () => number[] },
): Promise<DailyScaleFigures> {
  const started = performance.now();
  const history = await database.build();
  const buildS = (performance.now() - started) / 1000;
  options.say(`  built in ${buildS.toFixed(0)} s`);
  const bytes = await databaseBytes(location);
  const store = await openStore(location);
  const daily = await openDailyStore(location);
  const foreign = new ForeignCpu(database.pids);
  foreign.start();
  const queries = await measureDailyQueries(store, daily, shape, history, options.requests).finally(async () => {
    await daily.close();
    await store.close();
  });
  foreign.stop();
  return {
    backend: location.kind,
    servers: shape.servers.length,
    finishedGames: history.games,
    dailyResults: history.results,
    bytes,
    buildS,
    queries,
    otherProgramsCores: foreign.cores(),
  };
}

/**
 * One transaction, without waiting for the disk: a file thrown away if the build fails. A rollback
 * journal rather than the WAL, which would hold a copy of every page written until the commit (and
 * better-sqlite3's defensive mode refuses no journal at all); on a new file it journals next to nothing.
 */
async function buildOnSqlite(file: string, shape: HistoryShape, results: number): Promise<DailyHistory> {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = OFF');
    const inserts = new Map<string, Database.Statement>();
    db.exec('BEGIN');
    const history = await writeDailyHistory(shape, results, async (table, columns, rows) => {
      let insert = inserts.get(table);
      if (!insert) {
        insert = db.prepare(`INSERT INTO ${table} (${names(columns)}) VALUES (${columns.map(() => '?').join(', ')})`);
        inserts.set(table, insert);
      }
      for (const row of rows) insert.run(row.map((value) => (typeof value === 'boolean' ? Number(value) : value)));
    });
    db.exec('COMMIT');
    db.pragma('journal_mode = WAL');
    db.exec('ANALYZE');
    return history;
  } finally {
    db.close();
  }
}

/**
 * As the statistics at scale (bench/scale.ts): on PostgreSQL, servers of the same size, fewer of
 * them (a tenth by default: 100,000 games in 100 servers), and the daily results in proportion.
 */
async function onPostgres(options: DailyScaleOptions): Promise<DailyScaleFigures> {
  const gamesPerServer = Math.max(1, Math.round(options.games / options.servers));
  const servers = Math.max(1, Math.round(options.postgresGames / gamesPerServer));
  const shape = scaleShape(servers, servers * gamesPerServer);
  const results = Math.round((options.results * servers) / options.servers);
  options.say(`daily at scale, PostgreSQL: ${describeSize(shape, results)}…`);
  const postgres = await startBenchPostgres();
  try {
    await (await openPostgresStore(postgres.url)).close();
    return await buildAndMeasure({ kind: 'postgres', url: postgres.url }, shape, options, {
      build: () => buildOnPostgres(postgres.url, shape, results),
      pids: () => [process.pid, ...postgres.pids()],
    });
  } finally {
    postgres.server.stop();
  }
}

/**
 * One transaction, each batch one INSERT from unnest()ed arrays. The row triggers are switched off
 * meanwhile: the games' results come with no daily game among them, and the counts per total that
 * daily_totals' triggers keep are counted once at the end. (In one transaction, a trigger's update
 * of the same few hundred rows a million times leaves each a chain of dead versions to walk: the
 * build slowed to hours. The bot updates one per finished game, each in its own transaction.)
 */
async function buildOnPostgres(url: string, shape: HistoryShape, results: number): Promise<DailyHistory> {
  const client = new pg.Client(withoutWaitingForDisk(url));
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE game_results DISABLE TRIGGER daily_result_finished');
    await client.query('ALTER TABLE daily_results DISABLE TRIGGER USER');
    const history = await writeDailyHistory(shape, results, async (table, columns, rows) => {
      const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
      await client.query(
        `INSERT INTO ${table} (${names(columns)}) SELECT * FROM unnest(${arrays})`,
        columns.map((_, index) => rows.map((row) => row[index])),
      );
    });
    await client.query('ALTER TABLE game_results ENABLE TRIGGER daily_result_finished');
    await client.query('ALTER TABLE daily_results ENABLE TRIGGER USER');
    await client.query(
      'INSERT INTO daily_totals (day, total, results) SELECT day, total, COUNT(*) FROM daily_results WHERE total IS NOT NULL GROUP BY day, total',
    );
    // The ids were given: the bot's next series and game take the ones after them.
    for (const table of ['series', 'games']) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM ${table}), false)`,
      );
    }
    await client.query('COMMIT');
    // As autovacuum would leave it in a while: planner statistics (as bench/scale.ts does).
    await client.query('VACUUM ANALYZE');
    return history;
  } finally {
    await client.end();
  }
}

const names = (columns: readonly Column[]) => columns.map(([name]) => name).join(', ');

function describeSize(shape: HistoryShape, results: number): string {
  const games = shape.servers.length * shape.gamesPerServer;
  return `${results.toLocaleString('en')} daily results and ${games.toLocaleString('en')} finished games in ${shape.servers.length} servers`;
}

/**
 * Times, request by request, what the daily and skill commands ask of the store, for random
 * servers, totals, people, periods and rule sets (the server's own, or the daily deal's), as of the
 * history's last moment (the daily results' day).
 */
async function measureDailyQueries(
  store: GameStore,
  daily: DailyStore,
  shape: HistoryShape,
  history: DailyHistory,
  requests: number,
): Promise<DailyQueryFigures> {
  const random = seededRandom(26);
  const pick = <T>(items: readonly T[]) => items[random(items.length)]!;
  const total = () => 80 + random(250);
  const time = (request: () => Promise<unknown>) => timeRequests(request, requests);
  const { today } = history;
  return {
    board: await time(() => daily.serverBoard(pick(shape.servers).guildId, today, BOARD_ROWS)),
    worldPercentile: await time(() => daily.standing(today, total())),
    serverPlace: await time(() => daily.standing(today, total(), pick(shape.servers).guildId)),
    streak: await time(() =>
      daily.finishedDays(dailyPlayerId(random(Math.max(1, history.results))), today - 400, today),
    ),
    skillRanking: await time(async () => {
      const server = pick(shape.servers);
      const latest = await store.latestGameInChannel(pick(server.channelIds));
      const period = pick(PERIODS);
      const season = period === 'season' ? (await store.currentSeason(server.guildId)).number : 1;
      const rules = random(2) === 0 ? (latest?.state.rules ?? server.rules) : DEFAULT_RULES;
      const query = {
        guildId: server.guildId,
        rules,
        period: periodKey(period, history.now, season),
        minGames: MIN_GAMES_FOR_SKILL,
        playerId: pick(server.people).id,
      };
      // As the bot asks (commands/person-figures.ts): each person's sums over every place, but in a season.
      const lines = spansEveryPlace(query.period) ? await daily.personSkillLines(query) : await daily.skillLines(query);
      return rankBySkill(lines, MIN_GAMES_FOR_SKILL);
    }),
  };
}

/** The figures as bench/latest.json keeps them (`daily` and `skill`, per backend) and as the bench prints them. */
export function dailyScaleSummary(runs: readonly DailyScaleFigures[]): {
  daily: Record<string, unknown>;
  skill: Record<string, unknown>;
  lines: string[];
} {
  const machine = describeMachine();
  const met = (summary: LatencySummary) => summary.p99 < DAILY_P99_MS_BELOW;
  const size = (run: DailyScaleFigures) => ({
    servers: run.servers,
    daily_results: run.dailyResults,
    finished_games: run.finishedGames,
  });
  const daily = Object.fromEntries(
    runs.map((run) => {
      const { board, worldPercentile, serverPlace, streak } = run.queries;
      return [
        run.backend,
        {
          ...size(run),
          bytes: run.bytes,
          build_s: run.buildS,
          board_p99_ms: board.p99,
          world_percentile_p99_ms: worldPercentile.p99,
          server_place_p99_ms: serverPlace.p99,
          streak_p99_ms: streak.p99,
          board_ms: board,
          world_percentile_ms: worldPercentile,
          server_place_ms: serverPlace,
          streak_ms: streak,
          other_programs_cpu_cores_during_queries: run.otherProgramsCores,
          targets: {
            p99_ms_below: DAILY_P99_MS_BELOW,
            board_met: met(board),
            world_percentile_met: met(worldPercentile),
          },
        },
      ];
    }),
  );
  const skill = Object.fromEntries(
    runs.map((run) => [
      run.backend,
      {
        ...size(run),
        ranking_p99_ms: run.queries.skillRanking.p99,
        ranking_ms: run.queries.skillRanking,
        other_programs_cpu_cores_during_queries: run.otherProgramsCores,
        targets: { ranking_p99_ms_below: DAILY_P99_MS_BELOW, ranking_met: met(run.queries.skillRanking) },
      },
    ]),
  );
  const rows: [string, (queries: DailyQueryFigures) => LatencySummary][] = [
    ['daily board', (queries) => queries.board],
    ['world percentile', (queries) => queries.worldPercentile],
    ['place in the server', (queries) => queries.serverPlace],
    ['streak', (queries) => queries.streak],
    ['skill ranking', (queries) => queries.skillRanking],
  ];
  const cell = (summary: LatencySummary) =>
    `${summary.p50.toFixed(2)} / ${summary.p99.toFixed(2)}${met(summary) ? '' : ' (NOT met)'}`.padStart(24);
  const lines = [
    `daily deal and skill ranking at scale, p50 / p99 ms (target p99 < ${DAILY_P99_MS_BELOW}):`,
    `${''.padEnd(22)}${runs.map((run) => run.backend.padStart(24)).join('')}`,
    ...rows.map(([name, of]) => `${name.padEnd(22)}${runs.map((run) => cell(of(run.queries))).join('')}`),
    ...runs.map(
      (run) =>
        `  ${run.backend}: ${run.dailyResults.toLocaleString('en')} daily results and ${run.finishedGames.toLocaleString('en')} finished games in ${run.servers} servers, ` +
        `${(run.bytes / 1024 ** 2).toFixed(0)} MB, written in ${run.buildS.toFixed(0)} s; other programs used ${run.otherProgramsCores.toFixed(2)} cores while timed`,
    ),
    `  on ${machine.cpu}, ${machine.cores} cores, node ${machine.node}, ${machine.date}; load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  ];
  return { daily: { ...daily, machine: { ...machine, load_average: os.loadavg() } }, skill, lines };
}
