import { copyFileSync, mkdirSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../src/game/index.js';
import {
  defaultMigrationsDir,
  openSqliteStore,
  type SqliteStoreOptions,
  StoreOpenError,
  type StoreOpenFailure,
} from '../../src/store/index.js';
import { playThroughStore, sha256, tempFolder } from './helpers.js';

let folder: ReturnType<typeof tempFolder>;
let path: string;
beforeEach(async () => {
  folder = tempFolder();
  path = join(folder.dir, 'crag.sqlite');
});
afterEach(async () => {
  folder.remove();
});

/** Expects openStore to refuse with `reason`, leaving the file's bytes and the folder as they were. */
function expectRefused(reason: StoreOpenFailure, options: SqliteStoreOptions = {}): StoreOpenError {
  const hash = sha256(path);
  const files = readdirSync(folder.dir).sort();
  let error: unknown;
  try {
    void openSqliteStore(path, options).close();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(StoreOpenError);
  expect(error).toMatchObject({ reason, path, name: 'StoreOpenError' });
  expect(sha256(path)).toBe(hash);
  expect(readdirSync(folder.dir).sort()).toEqual(files);
  return error as StoreOpenError;
}

/** A closed crag database with a few finished games in it. */
async function realDatabase(games = 6): Promise<void> {
  const store = openSqliteStore(path);
  for (let seed = 1; seed <= games; seed += 1) {
    await playThroughStore(store, { guildId: '9001', channelId: `91${seed}` }, { seed, humans: ['1001', '1002'] });
  }
  await store.close();
}

/** Overwrites the page-type byte of one of a table's leaf pages, as a disk error might. */
function damageLeafPageOf(table: string): void {
  const db = new Database(path, { readonly: true });
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const page = db
    .prepare<[string], number>("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno DESC")
    .pluck()
    .get(table);
  db.close();
  if (!page) throw new Error(`${table} has no leaf page`);
  const bytes = readFileSync(path);
  bytes[(page - 1) * pageSize] = 0xff;
  writeFileSync(path, bytes);
}

describe('openStore refuses', () => {
  it('a file that is not a SQLite database', async () => {
    writeFileSync(path, 'DISCORD_TOKEN=not-a-database\n'.repeat(200));
    const error = expectRefused('not-a-database');
    expect(error.message).toBe(
      `${path} is not a SQLite database. crag-bot left it untouched; move it away or point DATABASE_PATH elsewhere.`,
    );
  });

  it('a file too short to hold a SQLite header', async () => {
    writeFileSync(path, 'SQLite format 3\0');
    expectRefused('not-a-database');
  });

  it('a SQLite header followed by garbage', async () => {
    await realDatabase(1);
    const bytes = readFileSync(path);
    for (let i = 100; i < bytes.length; i += 1) bytes[i] = (i * 131) & 0xff;
    writeFileSync(path, bytes);
    expect(expectRefused('corrupt').message).toMatch(/is a damaged SQLite database/);
  });

  it('a database cut short', async () => {
    await realDatabase();
    truncateSync(path, Math.floor(readFileSync(path).length / 2));
    expect(expectRefused('corrupt').message).toMatch(/promises/);
  });

  it('a damaged page, found by quick_check before a migration would write', async () => {
    await realDatabase();
    damageLeafPageOf('game_results');
    const migrations = join(folder.dir, 'migrations');
    mkdirSync(migrations);
    const known = readdirSync(defaultMigrationsDir('sqlite'));
    for (const file of known) copyFileSync(join(defaultMigrationsDir('sqlite'), file), join(migrations, file));
    const next = String(known.length + 1).padStart(4, '0');
    writeFileSync(join(migrations, `${next}_more.sql`), 'CREATE TABLE more (x INTEGER);');
    expect(expectRefused('corrupt', { migrationsDir: migrations }).message).toMatch(/quick_check|damaged/);
  });

  it('a damaged page, when asked to check integrity', async () => {
    await realDatabase();
    damageLeafPageOf('games');
    expectRefused('corrupt', { checkIntegrity: true });
  });

  it('a SQLite database of another program', async () => {
    const db = new Database(path);
    db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount INTEGER); INSERT INTO invoices VALUES (1, 5);');
    db.close();
    expect(expectRefused('not-crag-database').message).toMatch(/another program \(tables: invoices\)/);
  });
});

describe('openStore and unusable paths', () => {
  it('explains a folder that cannot be created', async () => {
    const file = join(folder.dir, 'a-file');
    writeFileSync(file, 'x');
    const error = (() => {
      try {
        openSqliteStore(join(file, 'crag.sqlite'));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(StoreOpenError);
    expect(error).toMatchObject({ reason: 'unwritable' });
    expect((error as Error).message).toMatch(/cannot use the folder .*a-file/);
  });

  it('explains a path that is a folder', async () => {
    mkdirSync(path);
    expect(() => openSqliteStore(path)).toThrow(StoreOpenError);
    expect(() => openSqliteStore(path)).toThrow(/not a regular file/);
  });

  it('treats an empty file as a new database', async () => {
    writeFileSync(path, '');
    const store = openSqliteStore(path);
    expect(await store.turnsInPlay()).toEqual([]);
    await store.close();
  });

  it('opens a healthy database with checkIntegrity too', async () => {
    await realDatabase(2);
    const store = openSqliteStore(path, { checkIntegrity: true });
    const rows = await store.leaderboard({ guildId: '9001', scope: 'server', rules: DEFAULT_RULES, period: 'all' });
    expect(rows.map((row) => row.playerId).sort()).toEqual(['1001', '1002']);
    await store.close();
  });
});
