import fs from 'node:fs';
import path from 'node:path';
import { childrenOf } from '../harness/kit/process-stats.js';
import { databaseUrl, withClient } from '../harness/postgres-client.js';
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
  /** An empty database of its own, e.g. for a second store beside the bot's; returns its URL. */
  createDatabase(name: string): Promise<string>;
}

/**
 * Starts a durable server (every commit flushed to disk, as in production) and creates the bot's
 * database. The caller stops the server.
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
  const server = await startPostgresServer({ durable: true });
  const create = async (name: string, template?: string) => {
    await withClient(server.adminUrl, (admin) =>
      admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
    );
    return databaseUrl(server.adminUrl, name);
  };
  try {
    const url = await create('crag_bench');
    const postmaster = Number(fs.readFileSync(path.join(server.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return {
      server,
      url,
      pids: () => [postmaster, ...childrenOf(postmaster)],
      copyDatabase: (from, to) => create(to, from),
      createDatabase: (name) => create(name),
      count: (sql) => withClient(url, async (client) => Number((await client.query<{ n: string }>(sql)).rows[0]?.n)),
    };
  } catch (error) {
    server.stop();
    throw error;
  }
}
