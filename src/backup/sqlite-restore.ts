import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { copyToPrivateFile, makePrivateFolder, sqliteFiles, tightenFiles } from '../store/sqlite/private-files.js';
import { compactTime } from './backup-name.js';
import { BackupError, verifyBackup } from './sqlite-backup.js';

/**
 * Whether some process has the database open. A bot keeps its WAL-mode database open for as long
 * as it runs, holding a shared lock on its `-shm` file; an exclusive lock is then refused at once.
 * Taking it (nobody else has the file) also folds any leftover WAL into the file on closing.
 */
function inUse(file: string): boolean {
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface RestoreResult {
  readonly database: string;
  /** Where the database it replaced now is (undefined: there was none). */
  readonly replaced: string | undefined;
  readonly version: number;
}

/**
 * Puts a checked backup in place of the database, keeping the replaced file beside it. Refuses
 * while a bot has the database open: it would go on writing to the file it holds.
 */
export function restoreSqlite(backup: string, database: string, now = new Date()): RestoreResult {
  if (!fs.existsSync(backup)) throw new BackupError(`there is no backup at ${backup}`);
  const version = verifyBackup(backup);
  let replaced: string | undefined;
  if (fs.existsSync(database)) {
    if (inUse(database)) {
      throw new BackupError(`${database} is open in a running bot: stop the bot first, then restore`);
    }
    replaced = `${database}.replaced-${compactTime(now)}`;
  }
  makePrivateFolder(path.dirname(database));
  const incoming = `${database}.restoring`;
  // Owner-only whatever the backup's own mode (an older bot wrote them 0644): it holds daily_secret.
  copyToPrivateFile(backup, incoming);
  if (replaced !== undefined) {
    fs.renameSync(database, replaced);
    // A clean close leaves none, but a WAL beside the restored file would be replayed into it.
    for (const suffix of ['-wal', '-shm']) {
      if (fs.existsSync(database + suffix)) fs.renameSync(database + suffix, replaced + suffix);
    }
    // The replaced database, kept beside it, holds the secret too.
    tightenFiles(sqliteFiles(replaced));
  }
  fs.renameSync(incoming, database);
  return { database, replaced, version };
}
