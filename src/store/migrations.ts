import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { StoreOpenError } from './errors.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/**
 * The `migrations/` folder at the package root. The code runs from `src/` (vitest, tsx) and from
 * `dist/src/` (the build), so walk up to the folder holding package.json instead of a fixed `../..`.
 */
export function defaultMigrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'migrations');
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** Reads `NNNN_name.sql` files, in order; versions must run 1, 2, 3... with no gaps or repeats. */
export function loadMigrations(dir: string): Migration[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.sql'));
  } catch (error) {
    throw new StoreOpenError('migrations-missing', dir, `cannot read the migrations folder ${dir}`, { cause: error });
  }
  const migrations = files.map((file) => {
    const match = MIGRATION_FILE.exec(file);
    if (!match) {
      throw new StoreOpenError('migrations-missing', dir, `migration ${file} is not named NNNN_name.sql`);
    }
    return { version: Number(match[1]), name: match[2] ?? '', sql: readFileSync(join(dir, file), 'utf8') };
  });
  migrations.sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new StoreOpenError(
        'migrations-missing',
        dir,
        `migrations in ${dir} must be numbered 1, 2, 3... without gaps; found ${migration.version} at position ${index + 1}`,
      );
    }
  });
  if (migrations.length === 0) throw new StoreOpenError('migrations-missing', dir, `no migrations in ${dir}`);
  return migrations;
}

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
