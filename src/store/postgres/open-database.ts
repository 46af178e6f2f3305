import pg from 'pg';
import { StoreOpenError } from '../errors.js';
import type { Migration } from '../migrations.js';
import { maskPassword, serverOf } from './database-url.js';
import { appliedVersion, applyMigrations, inspectSchema } from './migrations.js';
import { STORE_TYPES } from './type-parsers.js';

export interface OpenOptions {
  readonly now: () => number;
  /** Connections kept open at most: clicks on different games run side by side, one per connection. */
  readonly maxConnections: number;
  /** How long to wait for the server to answer a new connection before giving up. */
  readonly connectTimeoutMs: number;
  /** Told when an idle connection fails (the server restarted, the network dropped); the pool replaces it. */
  readonly onConnectionError: (error: Error) => void;
}

/**
 * Connects to the database at `url`, refusing one that is not ours or from a newer bot before
 * anything writes to it, then applies the pending migrations. One attempt, bounded by
 * `connectTimeoutMs`: a bot that cannot reach its database says so and stops rather than retrying.
 */
export async function openDatabase(
  url: string,
  migrations: readonly Migration[],
  options: OpenOptions,
): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: url,
    types: STORE_TYPES,
    max: options.maxConnections,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // A connection costs a login (a SCRAM exchange: milliseconds of CPU on both ends); once opened,
    // it stays open for the next click rather than closing after 10 s idle.
    idleTimeoutMillis: 0,
  });
  pool.on('error', options.onConnectionError);
  try {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw connectFailure(url, error, options.connectTimeoutMs);
    }
    try {
      await prepareSchema(client, url, migrations, options.now);
    } finally {
      client.release();
    }
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}

async function prepareSchema(
  client: pg.ClientBase,
  url: string,
  migrations: readonly Migration[],
  now: () => number,
): Promise<void> {
  const newest = migrations.at(-1)?.version ?? 0;
  const where = maskPassword(url);
  const contents = await inspectSchema(client);
  if (contents.tables.length > 0 && !contents.recordsMigrations) {
    throw new StoreOpenError(
      'not-crag-database',
      where,
      `the PostgreSQL database ${serverOf(url)} holds another program's tables (${contents.tables.slice(0, 5).join(', ')}). crag-bot left it untouched; give it a database (or schema) of its own in DATABASE_URL.`,
    );
  }
  const version = await appliedVersion(client);
  if (version > newest) {
    throw new StoreOpenError(
      'newer-schema',
      where,
      `the PostgreSQL database ${serverOf(url)} was written by a newer crag-bot (schema ${version}; this version knows up to ${newest}). Upgrade the bot or point DATABASE_URL elsewhere.`,
    );
  }
  if (version === newest) return;
  try {
    await applyMigrations(client, migrations, now);
  } catch (error) {
    throw new StoreOpenError(
      'migration-failed',
      where,
      `the PostgreSQL database ${serverOf(url)} could not be brought up to schema ${newest}: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** SQLSTATEs of a refused login: a wrong password, or no pg_hba.conf line lets this user in. */
const LOGIN_REFUSED = new Set(['28P01', '28000']);
const NO_SUCH_DATABASE = '3D000';

/** A first connection that failed, as one line that says what to fix; never with the password. */
function connectFailure(url: string, error: unknown, timeoutMs: number): StoreOpenError {
  const where = maskPassword(url);
  const server = serverOf(url);
  const code = (error as { code?: unknown }).code;
  const detail = (error as Error).message;
  if (typeof code === 'string' && LOGIN_REFUSED.has(code)) {
    return new StoreOpenError(
      'login-refused',
      where,
      `PostgreSQL at ${server} refused the login (${detail}). Fix the user or password in DATABASE_URL.`,
      { cause: error },
    );
  }
  // The server asked for a password and the URL carries none: pg fails before sending anything.
  if (/password must be a string|no password/i.test(detail)) {
    return new StoreOpenError(
      'login-refused',
      where,
      `PostgreSQL at ${server} asks for a password and DATABASE_URL gives none. Put it in the URL (postgres://user:password@host/database).`,
      { cause: error },
    );
  }
  if (code === NO_SUCH_DATABASE) {
    return new StoreOpenError(
      'missing-database',
      where,
      `PostgreSQL at ${server} has no such database (${detail}). Create it (createdb) or fix DATABASE_URL.`,
      { cause: error },
    );
  }
  // pg's own words for its connection timeout.
  const why = /timeout/i.test(detail) ? `no answer within ${timeoutMs / 1000} s` : detail;
  return new StoreOpenError(
    'unreachable',
    where,
    `cannot reach PostgreSQL at ${server} (${why}). Check DATABASE_URL and that the server is running.`,
    { cause: error },
  );
}
