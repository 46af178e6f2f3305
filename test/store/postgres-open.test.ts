/**
 * Opening a PostgreSQL database: what is refused, with which line, and that a refused database is
 * left as it was. The SQLite side of the same is open.test.ts.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, withClient } from '../../harness/postgres-client.js';
import {
  defaultMigrationsDir,
  loadMigrations,
  openPostgresStore,
  StoreOpenError,
  type StoreOpenFailure,
} from '../../src/store/index.js';
import { createDatabase } from '../support/postgres-databases.js';
import { playThroughStore } from './helpers.js';

/** Every table of the database's public schema with its rows, as text: what "left as it was" compares. */
async function snapshot(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const tables = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const contents: Record<string, unknown[]> = {};
    for (const { name } of tables.rows) {
      contents[name] = (await client.query(`SELECT * FROM "${name}" ORDER BY 1`)).rows;
    }
    return JSON.stringify(contents);
  });
}

async function refusal(url: string, reason: StoreOpenFailure, options = {}): Promise<StoreOpenError> {
  const error = await openPostgresStore(url, options).then(
    async (store) => {
      await store.close();
      return undefined;
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StoreOpenError);
  expect(error).toMatchObject({ reason, name: 'StoreOpenError' });
  return error as StoreOpenError;
}

describe('openPostgresStore refuses', () => {
  it("a database holding another program's tables, leaving it untouched", async () => {
    const url = await createDatabase();
    await withClient(url, (client) =>
      client.query(
        'CREATE TABLE invoices (id integer PRIMARY KEY, amount integer); INSERT INTO invoices VALUES (1, 5);',
      ),
    );
    const before = await snapshot(url);
    const error = await refusal(url, 'not-crag-database');
    expect(error.message).toMatch(/holds another program's tables \(invoices\)/);
    expect(await snapshot(url)).toBe(before);
  });

  it("another program's schema_migrations table (a Rails one, say) is not taken for crag-bot's", async () => {
    const url = await createDatabase();
    await withClient(url, (client) =>
      client.query(
        "CREATE TABLE schema_migrations (version varchar PRIMARY KEY); INSERT INTO schema_migrations VALUES ('1');",
      ),
    );
    const before = await snapshot(url);
    expect((await refusal(url, 'not-crag-database')).message).toMatch(/schema_migrations/);
    expect(await snapshot(url)).toBe(before);
  });

  it('a database from a newer crag-bot, leaving it untouched', async () => {
    const url = await createDatabase();
    const store = await openPostgresStore(url);
    await playThroughStore(store, { guildId: '9001', channelId: '9101' }, { seed: 1, humans: ['1001'] });
    await store.close();
    await withClient(url, (client) => client.query("INSERT INTO schema_migrations VALUES (99, 'from_the_future', 1)"));
    const before = await snapshot(url);
    const error = await refusal(url, 'newer-schema');
    const known = loadMigrations(defaultMigrationsDir('postgres')).length;
    expect(error.message).toMatch(
      new RegExp(
        `^the PostgreSQL database 127\\.0\\.0\\.1:\\d+/crag_\\w+ was written by a newer crag-bot \\(schema 99; this version knows up to ${known}\\)\\. Upgrade the bot or point DATABASE_URL elsewhere\\.$`,
      ),
    );
    expect(await snapshot(url)).toBe(before);
  });

  it('a wrong password, without ever showing it', async () => {
    const url = new URL(await createDatabase());
    url.password = 'not-the-password';
    const error = await refusal(url.toString(), 'login-refused');
    expect(error.message).toMatch(/refused the login \(password authentication failed for user "postgres"\)/);
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).not.toContain('not-the-password');
    expect(error.path).not.toContain('not-the-password');
    expect(error.path).toContain(':***@');
  });

  it('a database that does not exist', async () => {
    const url = databaseUrl(await createDatabase(), 'no_such_database');
    const error = await refusal(url, 'missing-database');
    expect(error.message).toMatch(/has no such database \(database "no_such_database" does not exist\)/);
  });

  describe('a server that cannot be reached, within the timeout and without retrying', () => {
    let silent: net.Server;
    let silentPort = 0;
    const sockets: net.Socket[] = [];
    beforeAll(async () => {
      // Accepts connections and never answers, like a firewall that swallows packets.
      silent = net.createServer((socket) => {
        sockets.push(socket);
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      silentPort = (silent.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('nothing listening: refused at once', async () => {
      const started = Date.now();
      const error = await refusal('postgres://crag:secret@127.0.0.1:9/crag', 'unreachable');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(error.message).toMatch(/^cannot reach PostgreSQL at 127\.0\.0\.1:9\/crag \(connect ECONNREFUSED/);
      expect(error.message).not.toContain('secret');
    });

    it('a server that never answers: refused when the timeout runs out, after one attempt', async () => {
      const started = Date.now();
      const error = await refusal(`postgres://crag:secret@127.0.0.1:${silentPort}/crag`, 'unreachable', {
        connectTimeoutMs: 500,
      });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(error.message).toContain('(no answer within 0.5 s)');
      expect(sockets).toHaveLength(1);
    });
  });
});
