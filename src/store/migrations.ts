import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StoreOpenError } from './errors.js';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** The SQL dialects with migrations of their own, one folder each under `migrations/`. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * The dialect's folder under `migrations/` at the package root. The code runs from `src/` (vitest,
 * tsx) and from `dist/src/` (the build), so walk up to the folder holding package.json instead of a
 * fixed `../..`.
 */
export function defaultMigrationsDir(dialect: Dialect): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'migrations', dialect);
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
