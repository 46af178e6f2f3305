/**
 * A connection the server ends while the store has it lent for a transaction (a failover, an
 * operator's `pg_terminate_backend`, the soak's database stall): pg-pool does not listen for a lent
 * connection's errors, and before withLentConnection the error killed the bot's process.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withClient } from '../../harness/postgres-client.js';
import { withLentConnection } from '../../src/store/postgres/lent-connection.js';
import { createDatabase } from '../support/postgres-databases.js';

let url: string;
let pool: pg.Pool;
beforeAll(async () => {
  url = await createDatabase();
  pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await pool?.end();
});

it('survives the connection being ended between two statements, and lends a fresh one after', async () => {
  const errors: unknown[] = [];
  await withLentConnection(pool, async (client) => {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // (Not events.once: it would reject on the error event this is about.)
    const ended = new Promise((resolve) => client.once('end', resolve));
    await withClient(url, (admin) => admin.query('SELECT pg_terminate_backend($1)', [rows[0]?.pid]));
    await ended;
    // The next statement finds the connection gone, and fails as any query would.
    await client.query('SELECT 1').catch((error: unknown) => errors.push(error));
  });
  expect(errors).toHaveLength(1);
  // The broken connection was destroyed, not put back: the pool opens a working one.
  const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
  expect(rows[0]?.one).toBe(1);
});
