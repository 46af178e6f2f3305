/**
 * The soak's SQLite stall takes the write lock from a second connection, in the process that also
 * runs the emulator and the virtual people. Two stalls may overlap (the schedule draws them
 * independently): the second must wait for the first without stopping the process, or the whole
 * world freezes and the first stall's own release, a timer, cannot run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionHoldingWriteLock } from '../../soak/write-lock.js';

describe('a stall’s write lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crag-soak-lock-'));
  const path = join(dir, 'games.db');
  const setup = new Database(path);
  setup.pragma('journal_mode = WAL');
  setup.exec('CREATE TABLE t (x)');
  setup.close();
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('waits for a stall already under way on timers, so this process’s own timers run on time', async () => {
    const first = await connectionHoldingWriteLock(path);
    const heldFor = 300;
    setTimeout(() => {
      first.exec('ROLLBACK');
      first.close();
    }, heldFor);
    const started = performance.now();
    let tickLate = Number.NaN;
    const setAt = performance.now();
    setTimeout(() => {
      tickLate = performance.now() - setAt - 50;
    }, 50);
    const second = await connectionHoldingWriteLock(path);
    const waited = performance.now() - started;
    second.exec('ROLLBACK');
    second.close();
    // It took the lock once the first let it go, and a 50 ms timer meanwhile fired on time.
    expect(waited).toBeGreaterThanOrEqual(heldFor - 5);
    expect(waited).toBeLessThan(heldFor + 1_000);
    expect(tickLate).toBeLessThan(100);
  });
});
