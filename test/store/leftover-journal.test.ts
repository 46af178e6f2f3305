import { spawn } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/index.js';
import { newGameState } from './drive-game.js';
import { tempFolder } from './helpers.js';
import { STREAM_OPENING, STREAM_TABLE } from './stream-plan.js';

const repoRoot = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const GAMES = 3;

/**
 * A child writing to `path` with better-sqlite3 (plain Node, so it starts in a few ms) that prints
 * "ready" and then runs `script` (it has `db` open). The parent kills it with SIGKILL.
 */
function writer(path: string, script: string): ReturnType<typeof spawn> {
  const program = `import Database from 'better-sqlite3';
const db = new Database(${JSON.stringify(path)});
process.stdout.write('ready\\n');
${script}`;
  return spawn(process.execPath, ['--input-type=module', '-e', program], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Runs the writer until it prints "ready", waits `delayMs`, SIGKILLs it (unless it killed itself). */
function killAfterReady(path: string, script: string, delayMs: number): Promise<void> {
  return new Promise((done, fail) => {
    const child = writer(path, script);
    child.stdout?.setEncoding('utf8').once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      signal === 'SIGKILL' ? done() : fail(new Error(`the writer ended by itself (code ${code})`)),
    );
  });
}

/** A crag database with GAMES games, as an older bot left it: in the rollback-journal mode, before WAL. */
async function preWalDatabase(path: string): Promise<void> {
  const store = openSqliteStore(path, { checkpoints: 'inline' });
  for (let n = 0; n < GAMES; n++) {
    const created = await store.createGame({
      ...STREAM_TABLE,
      channelId: `91000000000000007${n}`,
      state: newGameState(STREAM_OPENING),
      turnTimerSeconds: 60,
      hintsEnabled: true,
    });
    if (!created.ok) throw new Error(created.reason);
  }
  await store.close();
  const db = new Database(path);
  db.pragma('journal_mode = DELETE');
  db.close();
}

/** Whether a read-only connection is refused as in the finding: a hot journal only a writer can roll back. */
function blocksReaders(path: string): boolean {
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      db.prepare('SELECT COUNT(*) FROM games').get();
    } finally {
      db.close();
    }
    return false;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_READONLY_ROLLBACK') return true;
    throw error;
  }
}

/** The bot's own open, then: it must start, every game there, in WAL mode, nothing left that blocks a reader. */
async function expectStartRecovers(path: string): Promise<void> {
  const store = openSqliteStore(path, { checkpoints: 'inline' });
  await store.close();
  expect(blocksReaders(path)).toBe(false);
  const db = new Database(path, { readonly: true });
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(db.prepare('SELECT COUNT(*) FROM games').pluck().get()).toBe(GAMES);
  db.close();
}

describe('a rollback journal left by a SIGKILL', () => {
  const folder = tempFolder();
  const template = join(folder.dir, 'template.sqlite');
  let copies = 0;
  const freshCopy = () => {
    const path = join(folder.dir, `copy-${++copies}.sqlite`);
    copyFileSync(template, path);
    return path;
  };

  beforeAll(() => preWalDatabase(template));
  afterAll(() => folder.remove());

  const FILLER =
    'CREATE TABLE filler AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) SELECT i, hex(randomblob(64)) AS b FROM n';
  // Each kills the writer in the middle of a transaction; `hot`: SQLite must roll it back before anyone reads.
  it.each([
    {
      what: 'an update, the page cache spilled into the file',
      hot: true,
      script: `db.pragma('cache_size = 1'); db.exec('BEGIN'); db.exec('UPDATE games SET turn_timer_seconds = 99'); db.exec("${FILLER}");`,
    },
    {
      what: 'a schema change and deletes, spilled into the file',
      hot: true,
      script: `db.pragma('cache_size = 1'); db.exec('BEGIN'); db.exec('ALTER TABLE games ADD COLUMN leftover INTEGER'); db.exec('DELETE FROM games'); db.exec("${FILLER}");`,
    },
    {
      what: 'an update not yet written to the file',
      hot: false,
      script: "db.exec('BEGIN'); db.exec('UPDATE games SET turn_timer_seconds = 99');",
    },
  ])('is rolled back by the next start: $what', async ({ hot, script }) => {
    const path = freshCopy();
    await killAfterReady(path, `${script}\nprocess.kill(process.pid, 'SIGKILL');`, 10_000);
    expect(existsSync(`${path}-journal`)).toBe(true);
    // The state of the finding: a journal that a read-only connection cannot roll back.
    expect(blocksReaders(path)).toBe(hot);
    await expectStartRecovers(path);
  });

  it('never blocks a later start after kills timed through the switch to WAL mode', async () => {
    // The switch to WAL and back, over and over: each kill lands somewhere in it, many inside the
    // write of the header through the rollback journal (the window of the finding).
    const flipping = "for (;;) { db.pragma('journal_mode = WAL'); db.pragma('journal_mode = DELETE'); }";
    const kills = 40;
    let leftJournal = 0;
    for (let kill = 0; kill < kills; kill++) {
      const path = freshCopy();
      await killAfterReady(path, flipping, 5 + ((kill * 7) % 60));
      if (blocksReaders(path)) leftJournal += 1;
      await expectStartRecovers(path);
    }
    // The window was hit (about half the kills land in it on an idle machine).
    expect(leftJournal).toBeGreaterThan(0);
  }, 120_000);
});
