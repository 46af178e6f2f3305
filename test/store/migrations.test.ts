import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serializeGame } from '../../src/game/index.js';
import { defaultMigrationsDir, loadMigrations, openSqliteStore, StoreOpenError } from '../../src/store/index.js';
import { appliedVersion, applyMigrations } from '../../src/store/sqlite/migrations.js';
import { type GamePlan, replayTo } from './drive-game.js';
import { playThroughStore, sha256, tempFolder } from './helpers.js';
import { legacyGames, legacyInserts } from './legacy-rows.js';

const NOW = 1_700_000_000_000;
const now = () => NOW;
const migrations = loadMigrations(defaultMigrationsDir('sqlite'));

let folder: ReturnType<typeof tempFolder>;
beforeEach(async () => {
  folder = tempFolder();
});
afterEach(async () => {
  folder.remove();
});

/** Everything in the database as text: the schema, then every row of every table. */
function dump(db: Database.Database): string {
  const schema = db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY type, name').all() as {
    type: string;
    name: string;
  }[];
  const rows = schema
    .filter((entry) => entry.type === 'table')
    .map((entry) => {
      const columns = db.prepare(`SELECT COUNT(*) FROM pragma_table_info('${entry.name}')`).pluck().get() as number;
      const order = Array.from({ length: Math.min(columns, 4) }, (_, i) => i + 1).join(', ');
      return [entry.name, db.prepare(`SELECT * FROM "${entry.name}" ORDER BY ${order}`).all()];
    });
  return JSON.stringify({ schema, rows });
}

/**
 * For each migration N: rows a database at version N-1 would hold, inserted before N runs, and what
 * must be true of them (and of the new schema) after. A new migration needs an entry here.
 */
const ROWS_ACROSS: Record<number, { seed: (db: Database.Database) => void; verify: (db: Database.Database) => void }> =
  {
    1: {
      // Before the first migration the database is empty: nothing to carry over.
      seed: () => {},
      verify: (db) => {
        const state = replayTo({ seed: 1, humans: ['100000000000000001', '100000000000000002'] }, 6);
        db.prepare(
          "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (1, '9001', '9101', ?, ?)",
        ).run(JSON.stringify(state.rules), NOW);
        const insertGame = db.prepare(`INSERT INTO games (guild_id, channel_id, series_id, series_game_number, status,
          rules, state, state_version, turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at)
          VALUES ('9001', '9101', 1, ?, ?, ?, ?, ?, 60, 1, ?, ?, ?)`);
        const args = (number: number, status: string) =>
          [number, status, JSON.stringify(state.rules), serializeGame(state), state.version, NOW, NOW, NOW] as const;
        insertGame.run(...args(1, 'finished'));
        insertGame.run(...args(2, 'playing'));
        // The partial unique index: one active game per channel, any number of finished ones.
        expect(() => insertGame.run(...args(3, 'lobby'))).toThrow(/UNIQUE/);
        insertGame.run(...args(3, 'finished'));
        // Foreign keys are enforced.
        expect(() => db.prepare("INSERT INTO game_seats VALUES (99, 0, '100000000000000001', NULL)").run()).toThrow(
          /FOREIGN KEY/,
        );
        expect(db.prepare('SELECT COUNT(*) FROM games').pluck().get()).toBe(3);
      },
    },
    2: {
      // The games of a bot that has been playing: finished, cancelled and in play, in every table.
      seed: (db) => {
        for (const insert of legacyInserts(legacyGames(), (value) => (value ? 1 : 0))) {
          db.prepare(insert.sql).run(...insert.params);
        }
      },
      verify: (db) => {
        const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();
        const columns = (table: string) =>
          db.prepare(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`).pluck().all();
        const games = legacyGames();
        expect(count('games')).toBe(games.length);
        expect(columns('games')).not.toContain('rules');
        expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'game_seats'").all()).toEqual([]);
        // Sheets and turns stay in their rows until the store packs the games that are over.
        const sheetRows = games.flatMap((game) =>
          Object.values(game.state.sheets).flatMap((sheet) => Object.keys(sheet)),
        );
        expect(count('sheet_rows')).toBe(sheetRows.length);
        expect(count('turn_history')).toBe(games.reduce((sum, game) => sum + game.state.history.length, 0));
        // Results keep their figures; what they did not record waits for the store.
        expect(columns('game_results')).toEqual([
          'game_id',
          'player_id',
          'total',
          'place',
          'is_computer',
          'won',
          'skill_loss',
          'luck',
        ]);
        expect(db.prepare('SELECT DISTINCT won, skill_loss, luck FROM game_results').all()).toEqual([
          { won: 0, skill_loss: null, luck: null },
        ]);
        expect(count('game_results')).toBe(5);
        const over = games.filter((game) => game.state.status !== 'playing').map((game) => game.id);
        expect(db.prepare('SELECT game_id FROM games_to_pack ORDER BY game_id').pluck().all()).toEqual(over);
        for (const table of ['player_stats', 'series_players', 'player_names', 'seasons']) expect(count(table)).toBe(0);
        const indexes = db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games'")
          .pluck()
          .all();
        expect(indexes).toContain('games_finished_by_guild');
        expect(indexes).toContain('games_by_end');
        expect(indexes).not.toContain('games_by_guild');
        // The games that were over ended with their last action.
        expect(db.prepare('SELECT id, ended_at FROM games ORDER BY id').all()).toEqual(
          games.map((game) => ({ id: game.id, ended_at: game.state.status === 'playing' ? null : game.lastActionAt })),
        );
      },
    },
    3: {
      // A lobby that ended unplayed, a game cancelled in play, a finished one and one in the lobby.
      seed: (db) => {
        db.prepare(
          "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (1, '9001', '9101', ?, ?)",
        ).run(JSON.stringify({ rerolls: 1, thirteen: 'any' }), NOW);
        const insert = db.prepare(`INSERT INTO games (id, guild_id, channel_id, series_id, series_game_number, status,
          state, state_version, turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at, ended_at)
          VALUES (?, '9001', '9101', 1, ?, ?, ?, 3, 60, 1, ?, ?, ?, ?)`);
        const game = (id: number, status: string, round: number) =>
          insert.run(
            id,
            id,
            status,
            JSON.stringify({ version: 3, seats: [], round }),
            NOW,
            NOW + id,
            NOW,
            status === 'lobby' ? null : NOW,
          );
        game(1, 'cancelled', 0);
        game(2, 'cancelled', 7);
        game(3, 'finished', 13);
        game(4, 'lobby', 0);
      },
      verify: (db) => {
        expect(db.prepare('SELECT id FROM games ORDER BY id').pluck().all()).toEqual([1, 2, 3, 4]);
        const purge = `FROM games WHERE status = 'cancelled' AND ended_at < @before AND updated_at < @before
          AND json_extract(state, '$.round') = 0`;
        const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT id ${purge}`).all({ before: NOW + 10 }) as {
          detail: string;
        }[];
        expect(plan.map((step) => step.detail).join()).toContain('USING INDEX games_ended_lobbies');
        expect(
          db
            .prepare(`SELECT id ${purge}`)
            .pluck()
            .all({ before: NOW + 10 }),
        ).toEqual([1]);
        // No index of games is keyed by a column a click sets: a click rewrites no index entry.
        const keys = db
          .prepare(
            `SELECT c.name AS column FROM sqlite_master i, pragma_index_info(i.name) c
             WHERE i.type = 'index' AND i.tbl_name = 'games'`,
          )
          .pluck()
          .all();
        expect(keys.length).toBeGreaterThan(5);
        const setByClicks = [
          'state',
          'state_version',
          'turn_deadline',
          'board_message_id',
          'updated_at',
          'last_action_at',
        ];
        for (const column of keys) expect(setByClicks).not.toContain(column);
      },
    },
    4: {
      // A game in play before turn pings existed: it pings from now on, and has no ping message yet.
      seed: (db) => {
        const state = replayTo({ seed: 2, humans: ['100000000000000001'] }, 3);
        db.prepare(
          "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (1, '9001', '9101', ?, ?)",
        ).run(JSON.stringify(state.rules), NOW);
        db.prepare(`INSERT INTO games (id, guild_id, channel_id, series_id, series_game_number, status, state,
          state_version, turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at)
          VALUES (7, '9001', '9101', 1, 1, 'playing', ?, ?, 60, 1, ?, ?, ?)`).run(
          serializeGame({ ...state, sheets: {}, history: [] }),
          state.version,
          NOW,
          NOW,
          NOW,
        );
      },
      verify: (db) => {
        expect(db.prepare('SELECT pings_enabled, ping_message_id FROM games WHERE id = 7').get()).toEqual({
          pings_enabled: 1,
          ping_message_id: null,
        });
        expect(() => db.prepare('UPDATE games SET pings_enabled = 2').run()).toThrow(/CHECK/);
      },
    },
    5: {
      // House rules arrive empty: every server plays by the bot's defaults until it sets some.
      seed: () => undefined,
      verify: (db) => {
        expect(db.prepare('SELECT COUNT(*) FROM guild_settings').pluck().get()).toBe(0);
        expect(() => db.prepare("INSERT INTO guild_settings VALUES ('9001', 'not json', 0)").run()).toThrow(/CHECK/);
        // What a game took from them goes with the game.
        expect(() => db.prepare("INSERT INTO game_house_rules VALUES (7, '[]', NULL)").run()).toThrow(/FOREIGN KEY/);
      },
    },
    6: {
      // A result from before the skill ranking has no decision count (the ranking leaves it out);
      // a result written now fills in the daily attempt of its game, in the same transaction.
      seed: () => {},
      verify: (db) => {
        db.prepare(
          "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (1, '9001', 'daily-1', '{}', ?)",
        ).run(NOW);
        db.prepare(
          `INSERT INTO games (id, guild_id, channel_id, series_id, series_game_number, status, state, state_version,
             turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at)
           VALUES (8, '9001', 'daily-1', 1, 1, 'finished', '{}', 30, 60, 0, ?, ?, ?)`,
        ).run(NOW, NOW, NOW);
        db.prepare(
          `INSERT INTO daily_results (day, player_id, guild_id, game_id, started_at)
           VALUES (20800, '100000000000000001', '9001', 8, ?)`,
        ).run(NOW);
        db.prepare(
          `INSERT INTO game_results (game_id, player_id, total, place, is_computer, won, skill_loss, luck, decisions)
           VALUES (8, '100000000000000001', 190, 1, 0, 0, 3.5, 1, 26)`,
        ).run();
        expect(db.prepare('SELECT total, loss, decisions FROM daily_results').get()).toEqual({
          total: 190,
          loss: 3.5,
          decisions: 26,
        });
        // The day's count per total follows: the world percentile reads it.
        expect(db.prepare('SELECT day, total, results FROM daily_totals').all()).toEqual([
          { day: 20800, total: 190, results: 1 },
        ]);
        // The migration made the stream's key; a shorter one is refused.
        expect(db.prepare('SELECT length(secret) FROM daily_secret WHERE id = 1').pluck().get()).toBe(32);
        expect(() => db.prepare("UPDATE daily_secret SET secret = x'00'").run()).toThrow(/CHECK/);
      },
    },
    7: {
      // Ratings start empty: games that ended before them are not rated (docs/ratings.md).
      seed: () => {},
      verify: (db) => {
        expect(db.prepare('SELECT COUNT(*) FROM ratings').pluck().get()).toBe(0);
        expect(() =>
          db.prepare("INSERT INTO ratings VALUES ('1-any', '100000000000000001', 25, 0, 1, 0)").run(),
        ).toThrow(/CHECK/);
        // A game's changes go with the game.
        expect(() => db.prepare("INSERT INTO rating_changes VALUES (1, 999, '1-any', 'x', 25, 8)").run()).toThrow(
          /FOREIGN KEY/,
        );
      },
    },
    8: {
      // Tournaments start empty; a round game's result is filled in by its end, as a daily deal's.
      seed: () => {},
      verify: (db) => {
        db.prepare(
          "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (1, '9001', 'tournament-1-1-1', '{}', ?)",
        ).run(NOW);
        db.prepare(
          `INSERT INTO games (id, guild_id, channel_id, series_id, series_game_number, status, state, state_version,
             turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at)
           VALUES (8, '9001', 'tournament-1-1-1', 1, 1, 'finished', '{}', 30, 60, 0, ?, ?, ?)`,
        ).run(NOW, NOW, NOW);
        db.prepare(
          `INSERT INTO tournaments (id, guild_id, name, organiser_id, rules, format, rounds, round_seconds, channel_id,
             announce_channel_id, status, created_at)
           VALUES (1, '9001', 'Cup', '100000000000000001', '1-any', 'duplicate', 3, 3600, '9101', '9101', 'running', ?)`,
        ).run(NOW);
        db.prepare(
          "INSERT INTO tournament_plays (tournament_id, round, player_id, game_id) VALUES (1, 1, '100000000000000001', 8)",
        ).run();
        db.prepare(
          `INSERT INTO game_results (game_id, player_id, total, place, is_computer, won, skill_loss, luck, decisions)
           VALUES (8, '100000000000000001', 190, 1, 0, 0, 3.5, 1, 26)`,
        ).run();
        expect(db.prepare('SELECT total, loss, decisions FROM tournament_plays').get()).toEqual({
          total: 190,
          loss: 3.5,
          decisions: 26,
        });
        // Rounds are 1 to 10, a round an hour to a week; a tournament's rows go with it.
        expect(() => db.prepare('UPDATE tournaments SET rounds = 11').run()).toThrow(/CHECK/);
        expect(() => db.prepare('UPDATE tournaments SET round_seconds = 60').run()).toThrow(/CHECK/);
        db.prepare('DELETE FROM tournaments').run();
        expect(db.prepare('SELECT COUNT(*) FROM tournament_plays').pluck().get()).toBe(0);
      },
    },
    9: {
      // Games from before are reached with the bot's token: no webhook rows. A game's row goes with it.
      seed: () => {},
      verify: (db) => {
        expect(db.prepare('SELECT COUNT(*) FROM game_webhooks').pluck().get()).toBe(0);
        db.prepare(
          "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (9, '9001', '9109', '{}', ?)",
        ).run(NOW);
        db.prepare(
          `INSERT INTO games (id, guild_id, channel_id, series_id, series_game_number, status, state, state_version,
             turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at)
           VALUES (9, '9001', '9109', 9, 1, 'lobby', '{}', 0, 60, 0, ?, ?, ?)`,
        ).run(NOW, NOW, NOW);
        const insert = db.prepare(
          "INSERT INTO game_webhooks (game_id, application_id, token, token_created_at, follow_ups_used) VALUES (?, '8001', 't', ?, ?)",
        );
        // At most 5 follow-ups a token, and only for a game that exists.
        expect(() => insert.run(9, NOW, 6)).toThrow(/CHECK/);
        expect(() => insert.run(999, NOW, 0)).toThrow(/FOREIGN KEY/);
        insert.run(9, NOW, 5);
        db.prepare('DELETE FROM games WHERE id = 9').run();
        expect(db.prepare('SELECT COUNT(*) FROM game_webhooks').pluck().get()).toBe(0);
      },
    },
    10: {
      // A person's lines in two places, their latest games without an end time (written before 0010):
      // kept as they were, and found by the person through the new indexes.
      seed: (db) => {
        const insert = db.prepare(
          `INSERT INTO player_stats (guild_id, period, rules, player_id, games, wins, total, best, crags, skill_loss,
             luck, row_points, row_zeros, recent)
           VALUES (?, 'all', '2-any', '1001', 2, 1, 300, 200, 0, 3, 0, ?, ?, '100/1.5,200/1.5')`,
        );
        const thirteen = Array(13).fill(0).join(',');
        insert.run('9001', thirteen, thirteen);
        insert.run('9002', thirteen, thirteen);
      },
      verify: (db) => {
        const indexes = db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%_by_player' ORDER BY name")
          .pluck()
          .all();
        expect(indexes).toEqual(['player_stats_by_player', 'skill_totals_by_player']);
        const mine = db.prepare(
          "SELECT guild_id, recent FROM player_stats WHERE player_id = '1001' AND period = 'all' AND rules = '2-any'",
        );
        expect(mine.all()).toEqual([
          { guild_id: '9001', recent: '100/1.5,200/1.5' },
          { guild_id: '9002', recent: '100/1.5,200/1.5' },
        ]);
        const plan = db.prepare(`EXPLAIN QUERY PLAN ${mine.source}`).all() as { detail: string }[];
        expect(plan.map((step) => step.detail).join(' ')).toContain('player_stats_by_player');
      },
    },
    11: {
      // A game that has a token already is reached through webhooks (0011); every other game with the bot's token.
      seed: (db) => {
        db.prepare(
          "INSERT INTO series (id, guild_id, channel_id, rules, created_at) VALUES (10, '9001', '9110', '{}', ?)",
        ).run(NOW);
        const game = db.prepare(
          `INSERT INTO games (id, guild_id, channel_id, series_id, series_game_number, status, state, state_version,
             turn_timer_seconds, hints_enabled, created_at, updated_at, last_action_at)
           VALUES (?, '9001', '9110', 10, ?, 'finished', '{}', 0, 60, 0, ?, ?, ?)`,
        );
        game.run(10, 1, NOW, NOW, NOW);
        game.run(11, 2, NOW, NOW, NOW);
        db.prepare(
          "INSERT INTO game_webhooks (game_id, application_id, token, token_created_at) VALUES (11, '8001', 't', ?)",
        ).run(NOW);
      },
      verify: (db) => {
        expect(db.prepare('SELECT id, via_webhooks FROM games WHERE id IN (10, 11) ORDER BY id').all()).toEqual([
          { id: 10, via_webhooks: 0 },
          { id: 11, via_webhooks: 1 },
        ]);
      },
    },
  };

describe('migrations', () => {
  it('are numbered from 1 without gaps, and each has a with-rows test', async () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, index) => index + 1));
    expect(migrations[0]?.name).toBe('init');
    expect(Object.keys(ROWS_ACROSS).map(Number)).toEqual(migrations.map((m) => m.version));
  });

  it('migrate an empty database, record each one, and change nothing when run again', async () => {
    const path = join(folder.dir, 'crag.sqlite');
    const store = openSqliteStore(path, { now });
    await store.close();
    const db = new Database(path);
    expect(db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all()).toEqual(
      migrations.map((m) => ({ version: m.version, name: m.name, applied_at: NOW })),
    );
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual([
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
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const before = dump(db);
    expect(applyMigrations(db, migrations, () => NOW + 1)).toBe(0);
    expect(dump(db)).toBe(before);
    db.close();
  });

  it('leave a populated database exactly as it was when reopened', async () => {
    const path = join(folder.dir, 'crag.sqlite');
    const store = openSqliteStore(path, { now });
    const plan: GamePlan = { seed: 3, humans: ['100000000000000001'], computers: ['easy'] };
    await playThroughStore(store, { guildId: '9001', channelId: '9101' }, plan);
    await playThroughStore(store, { guildId: '9001', channelId: '9102' }, plan, (state) => state.round === 4);
    await store.close();
    const hash = (() => {
      const db = new Database(path, { readonly: true });
      const text = dump(db);
      db.close();
      return text;
    })();
    openSqliteStore(path, { now: () => NOW + 5 }).close();
    const db = new Database(path, { readonly: true });
    expect(dump(db)).toBe(hash);
    db.close();
  });

  for (const migration of migrations) {
    it(`${String(migration.version).padStart(4, '0')}_${migration.name} carries the rows before it`, () => {
      const db = new Database(join(folder.dir, 'stepwise.sqlite'));
      db.pragma('foreign_keys = ON');
      applyMigrations(db, migrations.slice(0, migration.version - 1), now);
      expect(appliedVersion(db)).toBe(migration.version - 1);
      ROWS_ACROSS[migration.version]?.seed(db);
      applyMigrations(db, migrations.slice(0, migration.version), now);
      expect(appliedVersion(db)).toBe(migration.version);
      ROWS_ACROSS[migration.version]?.verify(db);
      db.close();
    });
  }
});

describe('the migration runner', () => {
  /** A migrations folder holding the real migrations plus extra ones written by the test. */
  function migrationsWith(extra: Record<string, string>): string {
    const dir = join(folder.dir, 'migrations');
    mkdirSync(dir, { recursive: true });
    for (const m of migrations) {
      const file = `${String(m.version).padStart(4, '0')}_${m.name}.sql`;
      copyFileSync(join(defaultMigrationsDir('sqlite'), file), join(dir, file));
    }
    for (const [file, sql] of Object.entries(extra)) writeFileSync(join(dir, file), sql);
    return dir;
  }
  const next = String(migrations.length + 1).padStart(4, '0');

  it('applies a later migration to a database full of games, keeping its rows', async () => {
    const path = join(folder.dir, 'crag.sqlite');
    const store = openSqliteStore(path, { now });
    const game = await playThroughStore(store, { guildId: '9001', channelId: '9101' }, { seed: 5, humans: ['1001'] });
    await store.close();

    const dir = migrationsWith({
      [`${next}_game_notes.sql`]:
        "ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT '';\nUPDATE games SET note = 'kept';",
    });
    const upgraded = openSqliteStore(path, { now, migrationsDir: dir });
    expect(await upgraded.gameById(game.id)).toEqual(game);
    await upgraded.close();
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT note FROM games').pluck().all()).toEqual(['kept']);
    expect(db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(migrations.length + 1);
    db.close();
  });

  it('rolls a failing migration back whole and says which', async () => {
    const path = join(folder.dir, 'crag.sqlite');
    openSqliteStore(path, { now }).close();
    const dir = migrationsWith({
      [`${next}_broken.sql`]: 'CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);',
    });
    const error = catchError(() => openSqliteStore(path, { now, migrationsDir: dir }));
    expect(error).toBeInstanceOf(StoreOpenError);
    expect(error).toMatchObject({ reason: 'migration-failed' });
    expect((error as Error).message).toMatch(/no_such_table/);
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half_done'").pluck().get()).toBe(0);
    expect(appliedVersion(db)).toBe(migrations.length);
    db.close();
    openSqliteStore(path, { now }).close();
  });

  it('refuses a folder with a gap in the numbering or a misnamed file', async () => {
    const farAhead = `${String(migrations.length + 2).padStart(4, '0')}_far_ahead.sql`;
    expect(() => loadMigrations(migrationsWith({ [farAhead]: 'SELECT 1;' }))).toThrow(/without gaps/);
    folder.remove();
    folder = tempFolder();
    expect(() => loadMigrations(migrationsWith({ 'add things.sql': 'SELECT 1;' }))).toThrow(/NNNN_name/);
  });

  it('refuses a database from a newer bot, leaving the file as it was', async () => {
    const path = join(folder.dir, 'crag.sqlite');
    const dir = migrationsWith({ [`${next}_future.sql`]: 'CREATE TABLE future_things (x INTEGER);' });
    openSqliteStore(path, { now, migrationsDir: dir }).close();
    const before = sha256(path);
    const error = catchError(() => openSqliteStore(path, { now }));
    expect(error).toBeInstanceOf(StoreOpenError);
    expect(error).toMatchObject({ reason: 'newer-schema' });
    expect((error as Error).message).toBe(
      `crag.sqlite was written by a newer crag-bot (schema ${migrations.length + 1}; this version knows up to ${migrations.length}). Upgrade the bot or point DATABASE_PATH elsewhere.`,
    );
    expect(sha256(path)).toBe(before);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
