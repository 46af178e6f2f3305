import { statSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Rolls back a rollback journal (`<file>-journal`) left by a process killed in the middle of a
 * write: before the file was in WAL mode, or while it was being switched to it. SQLite calls such
 * a journal "hot" and rolls it back on the next read, which a read-only connection cannot do
 * (SQLITE_READONLY_ROLLBACK, "attempt to write a readonly database"): so the read-only checks of
 * open-database.ts would refuse every later start. One plain read-write connection that reads the
 * schema rolls it back, as any SQLite program opening the file would; it brings back the last
 * committed state and loses nothing committed. An empty journal is not hot and is left alone.
 */
export function rollBackLeftoverJournal(path: string, busyTimeoutMs: number): void {
  let size: number;
  try {
    size = statSync(`${path}-journal`).size;
  } catch {
    return;
  }
  if (size === 0) return;
  const db = new Database(path, { fileMustExist: true, timeout: busyTimeoutMs });
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').pluck().get();
  } finally {
    db.close();
  }
}
