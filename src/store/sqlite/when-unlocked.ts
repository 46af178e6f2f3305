import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a write waits for another connection's write lock (a backup, an operator's shell, a
 * second process on the file) before it fails with SQLITE_BUSY. Longer than Discord's 3 s for an
 * interaction: a click still waiting after 2 s is deferred (src/bot/answer-in-time.ts) and its
 * answer follows as an edit, so a lock held for a few seconds costs a wait, not "our fault".
 */
export const LOCK_PATIENCE_MS = 5_000;
/**
 * How long SQLite itself may wait inside one attempt (the connection's busy timeout): not at all.
 * better-sqlite3 is synchronous, so SQLite's own wait blocks the whole process: every other
 * interaction, timer and heartbeat of the shard with it. Even 10 ms was too much: under load, 50
 * writes waiting for one lock took turns blocking the process for the whole lock (the soak saw
 * deferrals that came too late). All of the patience is waited out between attempts, on timers.
 */
export const BLOCKING_BUSY_MS = 0;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 100;

/**
 * Whether SQLite refused because another connection holds a lock: SQLITE_BUSY and its extended
 * codes (_SNAPSHOT, _RECOVERY while another connection rebuilds the WAL index after a crash, _TIMEOUT).
 */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Runs a synchronous write (a whole BEGIN IMMEDIATE transaction: it takes the lock first and rolls
 * back when it throws, so a refused attempt wrote nothing), or a read (a WAL reader waits for no
 * writer, but can meet a connection recovering the WAL after a crash), and, while another connection holds the
 * lock, tries again after a pause that doubles, for up to `patienceMs` in all; then throws the
 * SQLITE_BUSY. The process keeps serving everything else meanwhile.
 */
export async function whenUnlocked<T>(work: () => T, patienceMs = LOCK_PATIENCE_MS): Promise<T> {
  const deadline = performance.now() + patienceMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      return work();
    } catch (error) {
      const left = deadline - performance.now();
      if (!isBusy(error) || left <= 0) throw error;
      await sleep(Math.min(pause, left));
    }
  }
}
