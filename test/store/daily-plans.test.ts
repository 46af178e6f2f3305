/**
 * The daily store's queries read through their indexes on SQLite: a day's board, its world
 * percentile and a person's streak never scan the day's rows, and the skill ranking starts from a
 * server's finished games.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { dailySql } from '../../src/store/daily/daily-sql.js';
import { openSqliteStore } from '../../src/store/index.js';
import { tempFolder } from './helpers.js';

const folder = tempFolder();
afterAll(() => folder.remove());

function planOf(db: Database.Database, sql: string): string {
  const params = Array((sql.match(/\?/g) ?? []).length).fill(1);
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
    .map((step) => step.detail)
    .join(' | ');
}

describe('the daily queries on SQLite', () => {
  it('use their indexes', async () => {
    const path = join(folder.dir, 'plans.sqlite');
    await openSqliteStore(path, { checkpoints: 'inline' }).close();
    const db = new Database(path, { readonly: true });
    const sql = dailySql('sqlite');
    expect(planOf(db, sql.worldStanding)).toMatch(
      /COVERING INDEX daily_results_world.*COVERING INDEX daily_results_world/,
    );
    expect(planOf(db, sql.serverBoard)).toContain('daily_results_server');
    expect(planOf(db, sql.serverStanding)).toContain('daily_results_server');
    expect(planOf(db, sql.finishedDays)).toContain('daily_results_player');
    expect(planOf(db, sql.skillLines)).toContain('games_finished_by_guild');
    expect(planOf(db, sql.skillLines)).not.toMatch(/SCAN (r|game_results)\b/);
    db.close();
  });
});
