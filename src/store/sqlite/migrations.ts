import type Database from 'better-sqlite3';
import type { Migration } from '../migrations.js';

/** The newest migration recorded in the database, or 0 when none is. */
export function appliedVersion(db: Database.Database): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!table) return 0;
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as {
    version: number | null;
  };
  return row.version ?? 0;
}

/**
 * Applies the migrations the database lacks, each in its own IMMEDIATE transaction with its record
 * in schema_migrations, so a crash leaves the schema at a recorded version. Returns how many ran.
 */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[], now: () => number): number {
  if (appliedVersion(db) >= (migrations.at(-1)?.version ?? 0)) return 0;
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  let applied = 0;
  for (const migration of migrations) {
    const apply = db.transaction(() => {
      // Checked inside the write lock: another process may have just applied it.
      if (appliedVersion(db) >= migration.version) return false;
      db.exec(migration.sql);
      record.run(migration.version, migration.name, now());
      return true;
    });
    if (apply.immediate()) applied += 1;
  }
  return applied;
}
