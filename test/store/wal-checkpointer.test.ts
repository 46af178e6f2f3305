import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/index.js';
import { WalCheckpointer } from '../../src/store/sqlite/wal-checkpointer.js';
import { playThroughStore, tempFolder } from './helpers.js';

let folder: ReturnType<typeof tempFolder>;
let path: string;
let db: Database.Database;
beforeEach(async () => {
  folder = tempFolder();
  path = join(folder.dir, 'wal.sqlite');
  db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE pages (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
});
afterEach(async () => {
  if (db.open) db.close();
  folder.remove();
});

const PAGE = 4096;
const insert = () => db.prepare('INSERT INTO pages (body) VALUES (?)');

/** Commits `count` rows of about a page each, one transaction apiece, telling `checkpointer` as the store does. */
function commitRows(count: number, checkpointer?: WalCheckpointer): void {
  const statement = insert();
  for (let i = 0; i < count; i += 1) {
    statement.run('x'.repeat(PAGE - 200));
    checkpointer?.wrote();
  }
}

const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (condition()) return true;
    await sleep(10);
  }
  return condition();
}

describe('background WAL checkpoints', () => {
  it('copies committed pages into the database file while the writer never checkpoints', async () => {
    const checkpointer = new WalCheckpointer(db, path, 2_000, { everyMs: 10 });
    expect(checkpointer.inBackground).toBe(true);
    const before = size(path);
    commitRows(200, checkpointer);
    expect(await waitFor(() => size(path) >= before + 200 * PAGE)).toBe(true);
    checkpointer.stop();
    db.close();
    // The last connection to close folds the WAL back and removes it.
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(new Database(path, { readonly: true }).prepare('SELECT COUNT(*) AS n FROM pages').get()).toEqual({
      n: 200,
    });
  });

  it('leaves the pages in the WAL when nothing checkpoints (the control for the test above)', async () => {
    db.pragma('wal_autocheckpoint = 0');
    const before = size(path);
    commitRows(200);
    await sleep(300);
    expect(size(path)).toBe(before);
    expect(size(`${path}-wal`)).toBeGreaterThan(200 * PAGE);
  });

  it('restarts the WAL once it passes the limit, so a steady stream of commits cannot grow it without end', async () => {
    const checkpointer = new WalCheckpointer(db, path, 2_000, { everyMs: 5, restartAfterPages: 64 });
    // Once a first page has reached the database file, the worker is running.
    const before = size(path);
    commitRows(10, checkpointer);
    expect(await waitFor(() => size(path) > before)).toBe(true);
    let largest = 0;
    // 2,000 pages in bursts of 20 commits: far more than the limit, with the writer never idle for long.
    for (let burst = 0; burst < 100; burst += 1) {
      commitRows(20, checkpointer);
      largest = Math.max(largest, size(`${path}-wal`));
      await sleep(2);
    }
    checkpointer.stop();
    expect(largest).toBeLessThan(500 * PAGE);
  });

  it('falls back to inline checkpoints and says why when the worker cannot run', async () => {
    const errors: Error[] = [];
    const checkpointer = new WalCheckpointer(db, path, 2_000, {
      driver: join(folder.dir, 'no-such-driver.js'),
      onError: (error) => errors.push(error),
    });
    commitRows(1, checkpointer);
    expect(await waitFor(() => errors.length > 0)).toBe(true);
    expect(errors[0]?.message).toMatch(/no-such-driver/);
    expect(checkpointer.inBackground).toBe(false);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // Inline from here on: later commits start no worker.
    commitRows(1, checkpointer);
    expect(checkpointer.workerRunning).toBe(false);
    checkpointer.stop();
    expect(errors).toHaveLength(1);
  });

  it('stops at once when stopped before its connection opened', async () => {
    const checkpointer = new WalCheckpointer(db, path, 2_000);
    commitRows(1, checkpointer);
    const started = performance.now();
    checkpointer.stop();
    expect(performance.now() - started).toBeLessThan(2_000);
    commitRows(5);
    db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('starts no worker before the first commit, and ends it after a quiet spell with the WAL emptied', async () => {
    const checkpointer = new WalCheckpointer(db, path, 2_000, { everyMs: 10, idleStopMs: 200 });
    await sleep(100);
    expect(checkpointer.workerRunning).toBe(false);
    commitRows(50, checkpointer);
    expect(checkpointer.workerRunning).toBe(true);
    expect(size(`${path}-wal`)).toBeGreaterThan(50 * PAGE);
    // Quiet: the worker copies the pages, truncates the -wal file to nothing and ends.
    expect(await waitFor(() => !checkpointer.workerRunning)).toBe(true);
    expect(size(`${path}-wal`)).toBe(0);
    // The next commit starts another, which checkpoints in turn.
    const before = size(path);
    commitRows(20, checkpointer);
    expect(checkpointer.workerRunning).toBe(true);
    expect(await waitFor(() => size(path) >= before + 20 * PAGE)).toBe(true);
    checkpointer.stop();
    db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('loses no commit to a worker that was ending as it came', async () => {
    const errors: Error[] = [];
    const checkpointer = new WalCheckpointer(db, path, 2_000, {
      everyMs: 5,
      idleStopMs: 20,
      onError: (error) => errors.push(error),
    });
    for (let round = 0; round < 5; round += 1) {
      // A fresh worker each round: the last one has ended, and this commit starts the next.
      expect(await waitFor(() => !checkpointer.workerRunning)).toBe(true);
      commitRows(3, checkpointer);
      // Wait without yielding until the worker has emptied the WAL: it is ending, and this thread
      // has not heard so yet. A commit now must still reach the database file.
      const until = Date.now() + 5_000;
      while (size(`${path}-wal`) > 0 && Date.now() < until) {}
      expect(size(`${path}-wal`)).toBe(0);
      commitRows(1, checkpointer);
      expect(await waitFor(() => size(`${path}-wal`) === 0)).toBe(true);
    }
    expect(errors).toEqual([]);
    checkpointer.stop();
    const copy = new Database(path, { readonly: true });
    expect(copy.prepare('SELECT COUNT(*) AS n FROM pages').get()).toEqual({ n: 20 });
    copy.close();
  });

  it('is what a store uses by default, and closing the store leaves no WAL behind', async () => {
    db.close();
    const storePath = join(folder.dir, 'crag.sqlite');
    const store = openSqliteStore(storePath);
    const before = size(storePath);
    // Two games write a few hundred pages: fewer than SQLite's inline checkpoint would wait for.
    for (let seed = 1; seed <= 2; seed += 1) {
      await playThroughStore(store, { guildId: '9001', channelId: `90${seed}` }, { seed, humans: ['1001', '1002'] });
    }
    expect(await waitFor(() => size(storePath) > before)).toBe(true);
    await store.close();
    expect(existsSync(`${storePath}-wal`)).toBe(false);
  });
});
