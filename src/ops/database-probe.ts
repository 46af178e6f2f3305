import Database from 'better-sqlite3';
import type { StoreLocation } from '../store/index.js';

/** How long the database has to answer the readiness query. */
export const DATABASE_ANSWER_MS = 1_000;

const GAMES_BY_STATUS = 'SELECT status, COUNT(*) AS count FROM games GROUP BY status';

/**
 * A connection of the operators' own to the bot's database, read-only for SQLite: the readiness
 * query and the games-by-status gauge run on it, never on the bot's connection, and never write.
 */
export interface DatabaseProbe {
  /** Resolves with the milliseconds a trivial query took; rejects if it failed or took over 1 s. */
  ping(): Promise<number>;
  gamesByStatus(): Promise<{ status: string; count: number }[]>;
  close(): Promise<void>;
}

function withinAnswerTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_ANSWER_MS} ms`)), DATABASE_ANSWER_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function sqliteProbe(file: string): DatabaseProbe {
  let db: Database.Database | undefined;
  // Opened on first use: the bot's store creates the file, this only ever reads it.
  const open = () => {
    db ??= new Database(file, { readonly: true, fileMustExist: true, timeout: DATABASE_ANSWER_MS });
    return db;
  };
  return {
    async ping() {
      const started = performance.now();
      open().prepare('SELECT 1').get();
      const ms = performance.now() - started;
      if (ms > DATABASE_ANSWER_MS) throw new Error(`the query took ${Math.round(ms)} ms`);
      return ms;
    },
    async gamesByStatus() {
      return open().prepare(GAMES_BY_STATUS).all() as { status: string; count: number }[];
    },
    async close() {
      db?.close();
    },
  };
}

async function postgresProbe(url: string): Promise<DatabaseProbe> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 1, statement_timeout: DATABASE_ANSWER_MS });
  // A server that went away shows in the next ping; the pool must not crash the process meanwhile.
  pool.on('error', () => undefined);
  return {
    async ping() {
      const started = performance.now();
      await withinAnswerTime(pool.query('SELECT 1'));
      return performance.now() - started;
    },
    async gamesByStatus() {
      const result = await withinAnswerTime(pool.query<{ status: string; count: string }>(GAMES_BY_STATUS));
      return result.rows.map((row) => ({ status: row.status, count: Number(row.count) }));
    },
    close: () => pool.end(),
  };
}

export function openDatabaseProbe(location: StoreLocation): Promise<DatabaseProbe> {
  return location.kind === 'sqlite' ? Promise.resolve(sqliteProbe(location.path)) : postgresProbe(location.url);
}
