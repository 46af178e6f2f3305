import type pg from 'pg';
import type { Migration } from '../migrations.js';

/**
 * The advisory lock every process takes before migrating: 'crag' in ASCII, then 1 for the schema.
 * Transaction-scoped, so it is released by COMMIT or ROLLBACK, or when a killed process's
 * connection drops.
 */
const MIGRATION_LOCK = 'SELECT pg_advisory_xact_lock(1668440423, 1)';

const SCHEMA_MIGRATIONS = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at bigint NOT NULL
)`;

/** What the bot's schema (the connection's current schema, usually `public`) holds before anything is written. */
export interface SchemaContents {
  readonly tables: readonly string[];
  /** schema_migrations exists with crag-bot's columns (another program may have a table of that name). */
  readonly recordsMigrations: boolean;
}

export async function inspectSchema(client: pg.ClientBase): Promise<SchemaContents> {
  const tables = await client.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  );
  const columns = await client.query<{ name: string; type: string }>(
    `SELECT column_name AS name, data_type AS type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'schema_migrations'`,
  );
  const type = new Map(columns.rows.map((column) => [column.name, column.type]));
  return {
    tables: tables.rows.map((table) => table.name),
    recordsMigrations: type.get('version') === 'integer' && type.has('name') && type.has('applied_at'),
  };
}

/** The newest migration recorded, or 0 when none is (or schema_migrations does not exist yet). */
export async function appliedVersion(client: pg.ClientBase): Promise<number> {
  const exists = await client.query<{ found: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'schema_migrations') AS found",
  );
  if (!exists.rows[0]?.found) return 0;
  const row = await client.query<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations');
  return row.rows[0]?.version ?? 0;
}

/**
 * Applies the migrations the database lacks, each in its own transaction with its record in
 * schema_migrations, so a crash leaves the schema at a recorded version. Each transaction first
 * takes the migration lock and reads the version again, so two processes starting at once apply a
 * migration once: the second waits, then finds it recorded. Returns how many this process applied.
 */
export async function applyMigrations(
  client: pg.ClientBase,
  migrations: readonly Migration[],
  now: () => number,
): Promise<number> {
  let applied = 0;
  for (const migration of migrations) {
    await client.query('BEGIN');
    try {
      await client.query(MIGRATION_LOCK);
      await client.query(SCHEMA_MIGRATIONS);
      if ((await appliedVersion(client)) >= migration.version) {
        await client.query('COMMIT');
        continue;
      }
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        now(),
      ]);
      await client.query('COMMIT');
      applied += 1;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
  return applied;
}
