import fs from 'node:fs';
import path from 'node:path';

/**
 * The database and every backup hold `daily_secret`, from which anyone can compute every future
 * daily deal, so they are their owner's alone, whatever the umask: the data folder 0700, the
 * database (with its -wal and -shm) and each backup 0600 (docs/operating.md). Modes given to
 * mkdir and open are masked by the umask, so each one is set again with chmod.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Any permission for the group or others. */
const SHARED_BITS = 0o077;

/**
 * Creates `dir` and any missing parent, owner-only. A folder that already existed is left as it
 * is: it may be shared on purpose (/tmp, a home), and the files the bot writes in it are private
 * anyway.
 */
export function makePrivateFolder(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (first === undefined) return;
  // mkdirSync names the first folder it created: that one and each below it, down to dir, are new.
  const top = path.resolve(first);
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    fs.chmodSync(folder, PRIVATE_FOLDER_MODE);
    if (folder === top || folder === path.dirname(folder)) return;
  }
}

/**
 * Creates `file` empty and owner-only, before anything is written to it; false when it already
 * exists (another process made it first). SQLite fills an empty file as a new database, and gives
 * the -wal, -shm and -journal it creates beside a database that database's own mode.
 */
export function createPrivateFile(file: string): boolean {
  let handle: number;
  try {
    handle = fs.openSync(file, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.fchmodSync(handle, PRIVATE_FILE_MODE);
  } finally {
    fs.closeSync(handle);
  }
  return true;
}

/** A SQLite database's files: the database, and the -wal and -shm of WAL mode beside it. */
export function sqliteFiles(database: string): readonly string[] {
  return [database, `${database}-wal`, `${database}-shm`];
}

/** What `tightenFiles` did: the files it made owner-only, and those it could not (not the bot's own). */
export interface Tightened {
  readonly tightened: readonly string[];
  readonly failed: readonly { readonly file: string; readonly reason: string }[];
}

/** Makes each of `files` that exists and that others may use owner-only (files left by an older bot). */
export function tightenFiles(files: readonly string[]): Tightened {
  const tightened: string[] = [];
  const failed: { file: string; reason: string }[] = [];
  for (const file of files) {
    let mode: number;
    try {
      mode = fs.statSync(file).mode;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if ((mode & SHARED_BITS) === 0) continue;
    try {
      fs.chmodSync(file, PRIVATE_FILE_MODE);
      tightened.push(file);
    } catch (error) {
      failed.push({ file, reason: (error as Error).message });
    }
  }
  return { tightened, failed };
}

const COPY_CHUNK = 1 << 20;

/**
 * Copies `source` to a new owner-only `target`, made private before its first byte is written
 * (copyFile would give it the source's mode, which an older backup may have left loose), and
 * flushed to disk.
 */
export function copyToPrivateFile(source: string, target: string): void {
  fs.rmSync(target, { force: true });
  if (!createPrivateFile(target)) throw new Error(`${target} appeared while it was being replaced`);
  const from = fs.openSync(source, 'r');
  const to = fs.openSync(target, 'r+');
  try {
    const buffer = Buffer.allocUnsafe(COPY_CHUNK);
    for (;;) {
      const read = fs.readSync(from, buffer, 0, COPY_CHUNK, null);
      if (read === 0) break;
      let written = 0;
      while (written < read) written += fs.writeSync(to, buffer, written, read - written);
    }
    fs.fsyncSync(to);
  } finally {
    fs.closeSync(from);
    fs.closeSync(to);
  }
}
