/**
 * PostgreSQL migrations: numbered SQL files in migrations/postgres/, each applied in a transaction
 * and recorded in schema_migrations, once, however many processes start at the same moment. The
 * SQLite side of the same is migrations.test.ts.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withClient } from '../../harness/postgres-client.js';
import { serializeGame } from '../../src/game/index.js';
import { defaultMigrationsDir, loadMigrations, openPostgresStore, StoreOpenError } from '../../src/store/index.js';
import { applyMigrations } from '../../src/store/postgres/migrations.js';
import { createDatabase } from '../support/postgres-databases.js';
import { replayTo } from './drive-game.js';
import { playThroughStore, tempFolder } from './helpers.js';

const NOW = 1_700_000_000_000;
const now = () => NOW;
const migrations = loadMigrations(defaultMigrationsDir('postgres'));
const next = String(migrations.length + 1).padStart(4, '0');

let folder: ReturnType<typeof tempFolder>;
beforeEach(async () => {
  folder = tempFolder();
});
afterEach(async () => {
  folder.remove();
});

/** A migrations folder holding the real migrations plus extra ones written by the test. */
function migrationsWith(extra: Record<string, string>): string {
  const dir = join(folder.dir, 'migrations');
  mkdirSync(dir, { recursive: true });
  for (const m of migrations) {
    const file = `${String(m.version).padStart(4, '0')}_${m.name}.sql`;
    copyFileSync(join(defaultMigrationsDir('postgres'), file), join(dir, file));
  }
  for (const [file, sql] of Object.entries(extra)) writeFileSync(join(dir, file), sql);
  return dir;
}

/** The public schema's tables, columns and indexes, and every row: what must not change. */
async function dump(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const schema = await client.query(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    );
    const indexes = await client.query(
      "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname",
    );
    const rows: Record<string, unknown[]> = {};
    const tables = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    for (const { name } of tables.rows) rows[name] = (await client.query(`SELECT * FROM "${name}" ORDER BY 1`)).rows;
    return JSON.stringify({ schema: schema.rows, indexes: indexes.rows, rows });
  });
}

describe('PostgreSQL migrations', () => {
  it('migrate an empty database, record each one, and change nothing when run again', async () => {
    const url = await createDatabase();
    await (await openPostgresStore(url, { now })).close();
    const recorded = await withClient(url, async (client) => {
      const tables = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
      expect(tables.rows.map((row) => row.tablename)).toEqual([
        'daily_results',
        'daily_secret',
        'daily_totals',
        'game_house_rules',
        'game_results',
        'game_webhooks',
        'games',
        'games_to_pack',
        'guild_settings',
        'player_names',
        'player_stats',
        'rating_changes',
        'ratings',
        'schema_migrations',
        'seasons',
        'series',
        'series_players',
        'settings_changes',
        'sheet_rows',
        'skill_totals',
        'tournament_entrants',
        'tournament_plays',
        'tournament_points',
        'tournament_standings',
        'tournaments',
        'turn_history',
      ]);
      // The daily deal's migration made the stream's key: 32 bytes.
      const secret = await client.query<{ secret: Buffer }>('SELECT secret FROM daily_secret');
      expect(secret.rows.map((row) => row.secret.length)).toEqual([32]);
      return (await client.query('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')).rows;
    });
    expect(recorded).toEqual(migrations.map((m) => ({ version: m.version, name: m.name, applied_at: NOW })));
    const before = await dump(url);
    await (await openPostgresStore(url, { now: () => NOW + 1 })).close();
    expect(await dump(url)).toBe(before);
  });

  it('0001_init enforces one active game per channel and the foreign keys', async () => {
    const url = await createDatabase();
    await withClient(url, async (client) => {
      await applyMigrations(client, migrations.slice(0, 1), now);
      const state = replayTo({ seed: 1, humans: ['100000000000000001', '100000000000000002'] }, 6);
      await client.query(
        "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (1, '9001', '9101', $1, $2)",
        [JSON.stringify(state.rules), NOW],
      );
      const insertGame = (number: number, status: string) =>
        client.query(
          `INSERT INTO games (guild_id, channel_id, series_id, series_game_number, status, rules, state, state_version,
             turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at)
           VALUES ('9001', '9101', 1, $1, $2, $3, $4, $5, 60, true, $6, $6, $6)`,
          [number, status, JSON.stringify(state.rules), serializeGame(state), state.version, NOW],
        );
      await insertGame(1, 'finished');
      await insertGame(2, 'playing');
      await expect(insertGame(3, 'lobby')).rejects.toThrow(/games_one_active_per_channel/);
      await insertGame(3, 'finished');
      await expect(client.query("INSERT INTO game_seats VALUES (99, 0, '100000000000000001', NULL)")).rejects.toThrow(
        /foreign key/,
      );
      // JSON columns refuse what is not JSON.
      await expect(client.query("UPDATE games SET state = 'not json' WHERE series_game_number = 1")).rejects.toThrow(
        /json/,
      );
      expect((await client.query('SELECT COUNT(*) AS n FROM games')).rows).toEqual([{ n: 3 }]);
    });
  });

  it('0003_ended_lobbies finds the lobbies that ended before anyone played through an index', async () => {
    const url = await createDatabase();
    await withClient(url, async (client) => {
      await applyMigrations(client, migrations.slice(0, 2), now);
      await client.query(
        "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (1, '9001', '9101', $1, $2)",
        [JSON.stringify({ rerolls: 1, thirteen: 'any' }), NOW],
      );
      const game = (id: number, status: string, round: number) =>
        client.query(
          `INSERT INTO games (id, guild_id, channel_id, series_id, series_game_number, status, state, state_version,
             turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at, ended_at)
           VALUES ($1, '9001', '9101', 1, $2, $3, $4, 3, 60, true, $5, $6, $5, $7)`,
          [
            id,
            id,
            status,
            JSON.stringify({ version: 3, seats: [], round }),
            NOW,
            NOW + id,
            status === 'lobby' ? null : NOW,
          ],
        );
      await game(1, 'cancelled', 0);
      await game(2, 'cancelled', 7);
      await game(3, 'finished', 13);
      await game(4, 'lobby', 0);
      await applyMigrations(client, migrations.slice(0, 3), now);
      const purge = `FROM games
        WHERE status = 'cancelled' AND ended_at < $1 AND updated_at < $1 AND (state ->> 'round')::int = 0`;
      // On four rows a sequential scan is cheaper: the index must be the planner's choice once it is not.
      await client.query('SET enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id ${purge}`, [NOW + 10]);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join()).toContain('games_cancelled_by_end');
      expect((await client.query(`SELECT id ${purge}`, [NOW + 10])).rows).toEqual([{ id: 1 }]);
      expect((await client.query('SELECT COUNT(*) AS n FROM games')).rows).toEqual([{ n: 4 }]);
    });
  });

  it('leave every click a HOT update: no index of games names a column a click sets', async () => {
    const url = await createDatabase();
    await (await openPostgresStore(url, { now })).close();
    const indexes = await withClient(
      url,
      async (client) =>
        (await client.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE tablename = 'games'")).rows,
    );
    expect(indexes.length).toBeGreaterThan(5);
    for (const { indexdef } of indexes) {
      expect(indexdef).not.toMatch(
        /\b(state|state_version|turn_deadline|board_message_id|updated_at|last_action_at)\b/,
      );
    }
  });

  it('0004_turn_pings turns pings on for the games already stored, with no ping message', async () => {
    const url = await createDatabase();
    const state = replayTo({ seed: 2, humans: ['100000000000000001'] }, 3);
    await withClient(url, async (client) => {
      await applyMigrations(client, migrations.slice(0, 3), now);
      await client.query(
        "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (1, '9001', '9101', $1, $2)",
        [JSON.stringify(state.rules), NOW],
      );
      await client.query(
        `INSERT INTO games (id, guild_id, channel_id, series_id, series_game_number, status, state,
           state_version, turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at)
         VALUES (7, '9001', '9101', 1, 1, 'playing', $1, $2, 60, true, $3, $3, $3)`,
        [serializeGame({ ...state, sheets: {}, history: [] }), state.version, NOW],
      );
    });
    const store = await openPostgresStore(url, { now });
    expect(await store.gameById(7)).toMatchObject({ pingsEnabled: true, pingMessageId: null });
    await store.close();
  });

  it('are applied once when several processes start at the same moment', async () => {
    const url = await createDatabase();
    // A slow second migration widens the window in which two starts could both find it missing.
    const dir = migrationsWith({
      [`${next}_slow.sql`]: 'SELECT pg_sleep(0.3);\nCREATE TABLE slow_things (x integer);',
    });
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => openPostgresStore(url, { now, migrationsDir: dir })),
    );
    await Promise.all(stores.map((store) => store.close()));
    const recorded = await withClient(
      url,
      async (client) => (await client.query('SELECT version FROM schema_migrations ORDER BY version')).rows,
    );
    expect(recorded).toEqual([...migrations.map((m) => ({ version: m.version })), { version: migrations.length + 1 }]);
  });

  it('applies a later migration to a database full of games, keeping its rows', async () => {
    const url = await createDatabase();
    const store = await openPostgresStore(url, { now });
    const game = await playThroughStore(store, { guildId: '9001', channelId: '9101' }, { seed: 5, humans: ['1001'] });
    await store.close();
    const dir = migrationsWith({
      [`${next}_game_notes.sql`]:
        "ALTER TABLE games ADD COLUMN note text NOT NULL DEFAULT '';\nUPDATE games SET note = 'kept';",
    });
    const upgraded = await openPostgresStore(url, { now, migrationsDir: dir });
    expect(await upgraded.gameById(game.id)).toEqual(game);
    await upgraded.close();
    const notes = await withClient(url, async (client) => (await client.query('SELECT note FROM games')).rows);
    expect(notes).toEqual([{ note: 'kept' }]);
  });

  it('rolls a failing migration back whole, says which, and opens again once it is gone', async () => {
    const url = await createDatabase();
    await (await openPostgresStore(url, { now })).close();
    const before = await dump(url);
    const dir = migrationsWith({
      [`${next}_broken.sql`]: 'CREATE TABLE half_done (x integer);\nINSERT INTO no_such_table VALUES (1);',
    });
    const error = await openPostgresStore(url, { now, migrationsDir: dir }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StoreOpenError);
    expect(error).toMatchObject({ reason: 'migration-failed' });
    expect((error as Error).message).toMatch(
      new RegExp(`could not be brought up to schema ${migrations.length + 1}: relation "no_such_table" does not exist`),
    );
    expect(await dump(url)).toBe(before);
    await (await openPostgresStore(url, { now })).close();
  });
});
