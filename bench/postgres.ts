import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { childrenOf } from '../harness/kit/process-stats.js';
import { type PostgresServer, startPostgresServer } from '../harness/postgres-server.js';

/** The bench's PostgreSQL: a server of its own, started the way the tests start theirs, with one database. */
export interface BenchPostgres {
  readonly server: PostgresServer;
  /** The bot's database on it. */
  readonly url: string;
  /** The server's processes now (the postmaster and its backends): its CPU is the bot's, not another program's. */
  pids(): number[];
  /** Rows in the bot's tables, e.g. the games in the lobby or under way. */
  count(sql: string): Promise<number>;
  /** Copies a database (none may be connected to it) into a new one, and returns the new one's URL. */
  copyDatabase(from: string, to: string): Promise<string>;
}

/**
 * Starts a durable server (every commit flushed to disk, as in production) and creates the bot's
 * database. The caller stops the server.
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const server = await startPostgresServer({ durable: true });
  try {
    const admin = new pg.Client(server.adminUrl);
    await admin.connect();
    await admin.query('CREATE DATABASE crag_bench');
    await admin.end();
    const url = new URL(server.adminUrl);
    url.pathname = '/crag_bench';
    const postmaster = Number(fs.readFileSync(path.join(server.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const urlOf = (database: string) => {
      const other = new URL(server.adminUrl);
      other.pathname = `/${database}`;
      return other.toString();
    };
    return {
      server,
      url: url.toString(),
      pids: () => [postmaster, ...childrenOf(postmaster)],
      copyDatabase: async (from, to) => {
        const client = new pg.Client(server.adminUrl);
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${to} TEMPLATE ${from}`);
        } finally {
          await client.end();
        }
        return urlOf(to);
      },
      count: async (sql) => {
        const client = new pg.Client(url.toString());
        await client.connect();
        try {
          return Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
        } finally {
          await client.end();
        }
      },
    };
  } catch (error) {
    server.stop();
    throw error;
  }
}
