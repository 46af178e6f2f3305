import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BOT_ENTRY } from '../harness/kit/bot-process.js';
import { ForeignCpu } from '../harness/kit/process-stats.js';
import { withClient } from '../harness/postgres-client.js';
import { openPostgresStore, openSqliteStore } from '../src/store/index.js';
import { databaseBytes, type HistoryClock, openHistoryStore, writeFinishedHistory } from './history-db.js';
import { startBenchPostgres } from './postgres.js';
import { cachedSqliteHistory, scaleShape } from './scale-history.js';
import { measureQueries, type QueryFigures } from './scale-queries.js';
import { measureStartup } from './startup.js';

export interface ScaleOptions {
  readonly servers: number;
  readonly games: number;
  /** Finished games on PostgreSQL, a thousand per server as on SQLite. */
  readonly postgresGames: number;
  /** Measured requests of each kind. */
  readonly requests: number;
  readonly startupRuns: number;
  /** The bot's environment for the start-up runs, without a database. */
  readonly botEnv: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly say: (message: string) => void;
}

export interface ScaleFigures {
  readonly backend: 'sqlite' | 'postgres';
  readonly servers: number;
  readonly finishedGames: number;
  readonly bytes: number;
  readonly bytesPerFinishedGame: number;
  /** Bytes per table and index, largest first. */
  readonly bytesByObject: Readonly<Record<string, number>>;
  readonly buildS: number | null;
  readonly queries: QueryFigures;
  readonly startupReadyMs: readonly number[];
  /** Cores other programs used while the queries were timed: the machine is shared. */
  readonly otherProgramsCores: number;
}

/**
 * Statistics at scale: a history of a million finished games across a thousand servers on SQLite
 * (and a tenth of it on PostgreSQL), written through the store's API, then the leaderboard, the
 * statistics and the history timed against it, its bytes per finished game counted, and the bot
 * started on it. Reports; asserts nothing.
 */
export async function benchScale(options: ScaleOptions): Promise<ScaleFigures[]> {
  return [await onSqlite(options), await onPostgres(options)];
}

async function onSqlite(options: ScaleOptions): Promise<ScaleFigures> {
  const { say } = options;
  const shape = scaleShape(options.servers, options.games);
  const finishedGames = shape.servers.length * shape.gamesPerServer;
  say(`scale, SQLite: ${finishedGames.toLocaleString('en')} finished games in ${shape.servers.length} servers…`);
  const cached = await cachedSqliteHistory(shape, say);
  say(`  ${cached.built ? `built in ${(cached.buildMs / 1000).toFixed(0)} s` : 'reused'}: ${cached.path}`);
  // The bot and the queries write (WAL, statistics), so they get a copy; the cache stays as built.
  const copy = path.join(options.cwd, 'scale.sqlite');
  fs.copyFileSync(cached.path, copy, fs.constants.COPYFILE_FICLONE);
  // Opened once first: a history cached at an older schema is migrated, and the bytes are today's.
  await openSqliteStore(copy).close();
  const bytes = fs.statSync(copy).size;
  const bytesByObject = sqliteBytesByObject(copy);
  const store = openSqliteStore(copy);
  const foreign = new ForeignCpu(() => [process.pid]);
  foreign.start();
  const queries = await measureQueries(store, shape, options.requests).finally(() => store.close());
  foreign.stop();
  say('  start-up on it…');
  const startup = await measureStartup(
    BOT_ENTRY,
    { ...options.botEnv, DATABASE_PATH: copy },
    options.cwd,
    options.startupRuns,
    { settle: false },
  );
  fs.rmSync(copy, { force: true });
  return {
    backend: 'sqlite',
    servers: shape.servers.length,
    finishedGames,
    bytes,
    bytesPerFinishedGame: bytes / finishedGames,
    bytesByObject,
    buildS: cached.built ? cached.buildMs / 1000 : null,
    queries,
    startupReadyMs: startup.map((run) => run.readyMs),
    otherProgramsCores: foreign.cores(),
  };
}

async function onPostgres(options: ScaleOptions): Promise<ScaleFigures> {
  const { say } = options;
  const gamesPerServer = Math.round(options.games / options.servers);
  const shape = scaleShape(Math.max(1, Math.round(options.postgresGames / gamesPerServer)), options.postgresGames);
  const finishedGames = shape.servers.length * shape.gamesPerServer;
  say(`scale, PostgreSQL: ${finishedGames.toLocaleString('en')} finished games in ${shape.servers.length} servers…`);
  const postgres = await startBenchPostgres();
  try {
    const started = performance.now();
    const clock: HistoryClock = { now: shape.startAt };
    const writer = await openHistoryStore({ kind: 'postgres', url: postgres.url }, clock);
    await writeFinishedHistory(writer, clock, shape).finally(() => writer.close());
    const buildS = (performance.now() - started) / 1000;
    // As autovacuum would leave it in a while: planner statistics, and dead rows of the updated aggregates gone.
    await withClient(postgres.url, (client) => client.query('VACUUM ANALYZE'));
    const bytes = await databaseBytes({ kind: 'postgres', url: postgres.url });
    const bytesByObject = await postgresBytesByObject(postgres.url);
    const store = await openPostgresStore(postgres.url);
    const foreign = new ForeignCpu(() => [process.pid, ...postgres.pids()]);
    foreign.start();
    const queries = await measureQueries(store, shape, options.requests).finally(() => store.close());
    foreign.stop();
    say('  start-up on it…');
    const startup = await measureStartup(
      BOT_ENTRY,
      { ...options.botEnv, DATABASE_URL: postgres.url },
      options.cwd,
      options.startupRuns,
      { settle: false },
    );
    return {
      backend: 'postgres',
      servers: shape.servers.length,
      finishedGames,
      bytes,
      bytesPerFinishedGame: bytes / finishedGames,
      bytesByObject,
      buildS,
      queries,
      startupReadyMs: startup.map((run) => run.readyMs),
      otherProgramsCores: foreign.cores(),
    };
  } finally {
    postgres.server.stop();
  }
}

/** Bytes of each table and index of a SQLite file, from its pages (the dbstat table). */
function sqliteBytesByObject(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC')
      .all() as { name: string; bytes: number }[];
    return Object.fromEntries(rows.map((row) => [row.name, row.bytes]));
  } finally {
    db.close();
  }
}

/** Bytes of each table and index of the bot's PostgreSQL schema. */
async function postgresBytesByObject(url: string): Promise<Record<string, number>> {
  return withClient(url, async (client) => {
    // A table with its TOAST data, free-space and visibility maps; an index on its own.
    const result = await client.query<{ name: string; bytes: string }>(
      `SELECT name, bytes FROM (
         SELECT c.relname AS name, CASE c.relkind WHEN 'r' THEN pg_table_size(c.oid) ELSE pg_relation_size(c.oid) END AS bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')
       ) sizes ORDER BY bytes DESC`,
    );
    return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.bytes)]));
  });
}

/** The figures as bench/latest.json keeps them and as the bench prints them. */
export function scaleSummary(figures: readonly ScaleFigures[]): { json: Record<string, unknown>; lines: string[] } {
  const json = Object.fromEntries(
    figures.map((run) => [
      run.backend,
      {
        servers: run.servers,
        finished_games: run.finishedGames,
        bytes: run.bytes,
        bytes_per_finished_game: run.bytesPerFinishedGame,
        bytes_by_object: run.bytesByObject,
        build_s: run.buildS,
        leaderboard_ms: run.queries.leaderboard,
        stats_ms: run.queries.stats,
        history_ms: run.queries.history,
        export_of_one_server: run.queries.export,
        startup_ready_ms: run.startupReadyMs,
        other_programs_cpu_cores_during_queries: run.otherProgramsCores,
        targets: {
          leaderboard_p99_ms_below: 20,
          stats_p99_ms_below: 20,
          bytes_per_finished_game_below: 3072,
          leaderboard_met: run.queries.leaderboard.p99 < 20,
          stats_met: run.queries.stats.p99 < 20,
          bytes_met: run.bytesPerFinishedGame < 3072,
        },
      },
    ]),
  );
  const ms = (summary: QueryFigures['leaderboard']) =>
    `p50 ${summary.p50.toFixed(2)} / p99 ${summary.p99.toFixed(2)} ms`;
  const lines = figures.map(
    (run) =>
      `scale on ${run.backend}: ${run.finishedGames.toLocaleString('en')} finished games in ${run.servers} servers, ` +
      `${(run.bytes / 1024 ** 2).toFixed(0)} MB, ${run.bytesPerFinishedGame.toFixed(0)} bytes per finished game; ` +
      `leaderboard ${ms(run.queries.leaderboard)}, stats ${ms(run.queries.stats)}, history ${ms(run.queries.history)}; ` +
      `export of ${run.queries.export.games} games ${run.queries.export.ms.toFixed(0)} ms; ` +
      `start-up to ready ${run.startupReadyMs.map((readyMs) => readyMs.toFixed(0)).join(', ')} ms; ` +
      `other programs used ${run.otherProgramsCores.toFixed(2)} cores meanwhile` +
      (run.buildS === null
        ? ' (history reused from bench/scale.tmp)'
        : `; history written in ${run.buildS.toFixed(0)} s`),
  );
  return { json, lines };
}
