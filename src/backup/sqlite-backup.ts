import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { defaultMigrationsDir, loadMigrations } from '../store/index.js';
import { createPrivateFile, makePrivateFolder } from '../store/sqlite/private-files.js';

export interface BackupResult {
  readonly file: string;
  readonly bytes: number;
  /** The schema (migration) version the copy is at. */
  readonly version: number;
}

const ALL_PAGES = 0x7fffffff;

/** Why a backup or a restore was refused; the command line prints the message as one line. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The newest migration this build knows. */
export function newestSchemaVersion(): number {
  return loadMigrations(defaultMigrationsDir('sqlite')).at(-1)?.version ?? 0;
}

function schemaVersion(db: Database.Database): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!table) return 0;
  return (
    (db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null }).version ??
    0
  );
}

/**
 * Checks that `file` is a whole crag database a bot of this build can open: PRAGMA integrity_check
 * reads every page, and the schema version must be one this build knows (and `expected`, if given).
 */
export function verifyBackup(file: string, expected?: number): number {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const first = problems[0]?.integrity_check;
    if (problems.length !== 1 || first !== 'ok') {
      throw new BackupError(`${file} failed PRAGMA integrity_check: ${first ?? 'no answer'}`);
    }
    const version = schemaVersion(db);
    if (version === 0) throw new BackupError(`${file} is not a crag database (it has no migrations applied)`);
    const newest = newestSchemaVersion();
    if (version > newest) {
      throw new BackupError(`${file} is at schema ${version}, newer than this bot's ${newest}: use a newer crag-bot`);
    }
    if (expected !== undefined && version !== expected) {
      throw new BackupError(`${file} is at schema ${version}, but its source was at ${expected}`);
    }
    return version;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} could not be checked: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the live database `source` at `target`, taken with SQLite's online backup
 * while the bot keeps playing (never a file copy, which could catch a write half done). It is
 * written beside the target under a temporary name and renamed once it passed `verifyBackup`, so
 * a file under the final name is always a checked one. Folder and file are owner-only (0700, 0600).
 */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  if (path.resolve(source) === path.resolve(target)) throw new BackupError('the backup cannot overwrite the database');
  if (!fs.existsSync(source)) throw new BackupError(`there is no database at ${source} (DATABASE_PATH)`);
  makePrivateFolder(path.dirname(target));
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  // Owner-only before a page is copied into it: the copy holds daily_secret as the database does.
  createPrivateFile(partial);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  let expected: number;
  try {
    expected = schemaVersion(db);
    // All remaining pages in one step: taken in small steps, every write the bot commits between
    // two of them would restart the copy, and under play it might never finish.
    await db.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  try {
    const version = verifyBackup(partial, expected);
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, version };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}
