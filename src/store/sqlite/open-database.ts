import { accessSync, constants, existsSync, rmSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StoreOpenError } from '../errors.js';
import type { Migration } from '../migrations.js';
import { rollBackLeftoverJournal } from './leftover-journal.js';
import { appliedVersion, applyMigrations } from './migrations.js';
import { createPrivateFile, makePrivateFolder, sqliteFiles, type Tightened, tightenFiles } from './private-files.js';
import { readSqliteHeader, type SqliteHeader } from './sqlite-header.js';

/**
 * While opening (before the bot serves anyone), SQLite waits this long for another connection's
 * write lock before failing with SQLITE_BUSY; once serving, writes wait on timers (whenUnlocked).
 */
export const BUSY_TIMEOUT_MS = 2_000;

export interface OpenOptions {
  readonly now: () => number;
  /** Run PRAGMA quick_check even when nothing structural is about to be written. */
  readonly checkIntegrity: boolean;
  /**
   * Told when files of the database were readable by others (left by an older bot, or created
   * under a loose umask) and were made owner-only, or could not be; not called when all was well.
   */
  readonly onTightened?: (result: Tightened) => void;
}

/**
 * Opens (or creates) the database at `path`, refusing files that are not ours, damaged, or from a
 * newer bot before anything writes to them, then applies the pending migrations.
 */
export function openDatabase(path: string, migrations: readonly Migration[], options: OpenOptions): Database.Database {
  const newest = migrations.at(-1)?.version ?? 0;
  ensureFolder(path);
  const size = fileSize(path);
  if (size > 0) inspectExisting(path, size, newest, options.checkIntegrity);
  // Owner-only before SQLite writes a byte; a file found (and checked) loose is tightened.
  else createPrivate(path);
  const tightened = tightenFiles(sqliteFiles(path));
  if (tightened.tightened.length > 0 || tightened.failed.length > 0) options.onTightened?.(tightened);

  let db: Database.Database;
  try {
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw unwritable(path, error);
  }
  try {
    configure(db, path);
    applyMigrations(db, migrations, options.now);
  } catch (error) {
    db.close();
    if (error instanceof StoreOpenError) throw error;
    throw new StoreOpenError(
      'migration-failed',
      path,
      `${basename(path)} could not be brought up to schema ${newest}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return db;
}

function ensureFolder(path: string): void {
  try {
    makePrivateFolder(dirname(path));
    accessSync(dirname(path), constants.W_OK);
  } catch (error) {
    throw new StoreOpenError(
      'unwritable',
      path,
      `cannot use the folder ${dirname(path)} for the database: ${(error as Error).message}. Point DATABASE_PATH at a writable place.`,
      { cause: error },
    );
  }
}

/** A new database starts as an empty owner-only file (SQLite takes an empty file for a new database). */
function createPrivate(path: string): void {
  try {
    createPrivateFile(path);
  } catch (error) {
    throw unwritable(path, error);
  }
}

/** The file's size; 0 when it does not exist yet (SQLite treats an empty file as a new database too). */
function fileSize(path: string): number {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new Error('it is not a regular file');
    accessSync(path, constants.R_OK | constants.W_OK);
    return stats.size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw unwritable(path, error);
  }
}

/**
 * Checks an existing file before anything writes to it, through a read-only connection (even
 * setting WAL mode, or the checkpoint on closing, would write). The full PRAGMA quick_check reads
 * every page, so it runs only before a structural write (a pending migration, a switch to WAL) or
 * when asked: a routine restart of a large database stays fast. Cheaper checks always run: the
 * header, the length the header promises, the schema and the recorded version.
 */
function inspectExisting(path: string, size: number, newest: number, checkIntegrity: boolean): void {
  const header = readHeader(path);
  checkLength(path, size, header);
  const sideFiles = [`${path}-wal`, `${path}-shm`].filter((file) => !existsSync(file));
  let db: Database.Database | undefined;
  try {
    // A kill mid-write (e.g. during the switch to WAL) can leave a journal only a writer can undo.
    rollBackLeftoverJournal(path, BUSY_TIMEOUT_MS);
    db = new Database(path, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
    checkContents(db, path, newest, checkIntegrity || !header.wal);
  } catch (error) {
    db?.close();
    db = undefined;
    // A read-only connection to a WAL-mode file creates an empty -wal and a -shm index beside it;
    // a refused file is left as it was found. A -wal with frames is another process's: kept.
    if (fileSize(`${path}-wal`) === 0) for (const file of sideFiles) rmSync(file, { force: true });
    if (error instanceof StoreOpenError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB'))) {
      throw corrupt(path, (error as Error).message, error);
    }
    // The file and its folder were found writable above: a READONLY code is about something else.
    if (typeof code === 'string' && code.startsWith('SQLITE_READONLY')) throw uncheckable(path, code, error);
    throw unwritable(path, error);
  } finally {
    db?.close();
  }
}

/** Refuses another program's database, a newer schema, and (when asked or before migrating) damage. */
function checkContents(db: Database.Database, path: string, newest: number, fullCheck: boolean): void {
  const tables = db
    .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all();
  if (tables.length > 0 && !tables.includes('schema_migrations')) {
    throw new StoreOpenError(
      'not-crag-database',
      path,
      `${path} is a SQLite database of another program (tables: ${tables.slice(0, 5).join(', ')}). crag-bot left it untouched; point DATABASE_PATH elsewhere.`,
    );
  }
  const version = appliedVersion(db);
  if (version > newest) {
    throw new StoreOpenError(
      'newer-schema',
      path,
      `${basename(path)} was written by a newer crag-bot (schema ${version}; this version knows up to ${newest}). Upgrade the bot or point DATABASE_PATH elsewhere.`,
    );
  }
  if (fullCheck || version < newest) {
    const problems = db.prepare<[], string>('PRAGMA quick_check(3)').pluck().all();
    if (problems.join() !== 'ok') throw corrupt(path, problems.join('; '));
  }
}

function readHeader(path: string): SqliteHeader {
  let header: SqliteHeader | null;
  try {
    header = readSqliteHeader(path);
  } catch (error) {
    throw unwritable(path, error);
  }
  if (!header) {
    throw new StoreOpenError(
      'not-a-database',
      path,
      `${path} is not a SQLite database. crag-bot left it untouched; move it away or point DATABASE_PATH elsewhere.`,
    );
  }
  return header;
}

/** A file shorter than its header says was cut off, e.g. by an interrupted copy. */
function checkLength(path: string, size: number, header: SqliteHeader): void {
  // With a -wal file beside it the main file may legitimately lag (a checkpoint cut short is redone
  // from the WAL), so only a file standing alone is measured.
  if (header.pageCount === null || fileSize(`${path}-wal`) > 0) return;
  if (size < header.pageCount * header.pageSize) {
    throw corrupt(path, `the file has ${size} bytes but its header promises ${header.pageCount * header.pageSize}`);
  }
}

function configure(db: Database.Database, path: string): void {
  // WAL lets readers run beside the writer and makes each commit one append to the -wal file.
  const mode = db.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') throw unwritable(path, new Error(`journal_mode is ${String(mode)}, not wal`));
  // With WAL, NORMAL syncs at checkpoints rather than at every commit. A commit is in the -wal file
  // (in the OS cache) when it returns, so it survives the process being killed; only an OS crash or
  // power cut can lose the last few commits, and it never corrupts the file.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // better-sqlite3 builds SQLite with a 16 MiB page cache, which a restart fills by reading every
  // active game and then keeps for good. The pages clicks touch (the games in play) fit in 2 MiB (SQLite's own default),
  // and a miss is a read from the OS's file cache, not the disk.
  db.pragma('cache_size = -2048');
}

function corrupt(path: string, detail: string, cause?: unknown): StoreOpenError {
  return new StoreOpenError(
    'corrupt',
    path,
    `${path} is a damaged SQLite database (${detail}). crag-bot left it untouched; restore a backup or point DATABASE_PATH elsewhere.`,
    { cause },
  );
}

function uncheckable(path: string, code: string, error: unknown): StoreOpenError {
  return new StoreOpenError(
    'unwritable',
    path,
    `${path} could not be checked before use (${code}: ${(error as Error).message}), although it and its folder are writable: a file beside it (-journal, -wal, -shm) may belong to another user, or another program may hold it.`,
    { cause: error },
  );
}

function unwritable(path: string, error: unknown): StoreOpenError {
  return new StoreOpenError(
    'unwritable',
    path,
    `cannot open ${path} for reading and writing: ${(error as Error).message}. Point DATABASE_PATH at a writable file.`,
    { cause: error },
  );
}
