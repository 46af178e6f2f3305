/**
 * The daily store's queries read through their indexes on SQLite: a day's board and a person's
 * streak never scan the day's rows, the world percentile reads the day's counts per total, and the
 * skill ranking the server's sums.
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
    // A day's counts per total, not its results: a few hundred rows however many played.
    expect(planOf(db, sql.worldStanding)).toMatch(/^SEARCH daily_totals USING PRIMARY KEY \(day=\?\)$/);
    expect(planOf(db, sql.serverBoard)).toContain('daily_results_server');
    expect(planOf(db, sql.serverStanding)).toContain('daily_results_server');
    expect(planOf(db, sql.finishedDays)).toContain('daily_results_player');
    // From the sums kept as games end: the people with enough games, and the asker by the key.
    expect(planOf(db, sql.skillLines)).toMatch(
      /SEARCH t USING INDEX skill_totals_ranked \(guild_id=\? AND period=\? AND rules=\? AND games>\?\).*SEARCH t USING PRIMARY KEY \(guild_id=\? AND period=\? AND rules=\? AND player_id=\?\)/,
    );
    // A person's own sums: the place's people by its key, each one's lines everywhere by skill_totals_by_player.
    const person = planOf(db, sql.personSkillLines);
    expect(person).toMatch(/SEARCH p USING PRIMARY KEY \(guild_id=\? AND period=\? AND rules=\?\)/);
    expect(person).toMatch(
      /SEARCH t USING (COVERING )?INDEX skill_totals_by_player \(player_id=\? AND period=\? AND rules=\?\)/,
    );
    expect(person).not.toMatch(/SCAN t\b/);
    db.close();
  });
});
