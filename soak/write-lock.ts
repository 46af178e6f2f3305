import Database from 'better-sqlite3';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long a stall tries for the lock (another stall may hold it), and how often. */
const LOCK_TRIES = { forMs: 10_000, everyMs: 20 };

/**
 * A second connection to `path` that holds its write lock (`BEGIN IMMEDIATE`), taken as soon as it
 * is free and tried on a timer. SQLite's own busy wait would block this process, which is the
 * emulator's and the virtual people's, while another stall held the lock; and the other stall's
 * release, a timer of this same process, could not run meanwhile.
 */
export async function connectionHoldingWriteLock(path: string): Promise<Database.Database> {
  const db = new Database(path, { timeout: 0 });
  const giveUpAt = performance.now() + LOCK_TRIES.forMs;
  for (;;) {
    try {
      db.exec('BEGIN IMMEDIATE');
      return db;
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
      if (!busy || performance.now() > giveUpAt) {
        db.close();
        throw error;
      }
      await wait(LOCK_TRIES.everyMs);
    }
  }
}
