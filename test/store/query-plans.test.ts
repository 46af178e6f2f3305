/**
 * SQLite's plans for the queries that run at start-up and every few minutes: each reaches the games
 * it wants through an index, never by reading every game ever played. (The purge's plan on
 * PostgreSQL is checked in postgres-migrations.test.ts.)
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/index.js';
import { QUERIES } from '../../src/store/sqlite/queries.js';
import { prepareWrites } from '../../src/store/sqlite/write-queries.js';
import { tempFolder } from './helpers.js';

let folder: ReturnType<typeof tempFolder>;
let db: Database.Database;
beforeEach(async () => {
  folder = tempFolder();
  const path = join(folder.dir, 'crag.sqlite');
  await openSqliteStore(path).close();
  db = new Database(path);
});
afterEach(async () => {
  db.close();
  folder.remove();
});

function planOf(sql: string, params: Record<string, number>): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((step) => step.detail);
}

it('the boards to redraw after a restart: games in play and games that ended lately, through their indexes', () => {
  const plan = planOf(QUERIES.boardsChangedSince, { since: 1 });
  expect(plan).toContain('SEARCH g USING INDEX games_by_end (ended_at>?)');
  // A scan of games in id order (to skip a sort) would read them all.
  expect(plan.filter((step) => /^SCAN g(ames)?$/.test(step))).toEqual([]);
  // The newest change, for the whole bot or for one shard's guilds, is found the same way.
  for (const [sql, params] of [
    [QUERIES.newestChange, {}],
    [QUERIES.newestActivePerGuild, {}],
    [QUERIES.endsBefore, { before: 1, limit: 256 }],
  ] as const) {
    expect(planOf(sql, params).filter((step) => /^SCAN g(ames)?$/.test(step))).toEqual([]);
  }
});

it('the lobbies to purge, through games_ended_lobbies', () => {
  const plan = planOf(prepareWrites(db).endedLobbies.source, { before: 1 });
  expect(plan).toEqual(['SEARCH games USING INDEX games_ended_lobbies (ended_at<?)']);
});
