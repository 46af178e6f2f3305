import Database from 'better-sqlite3';
import { changesBetween, parseSettings, type SettingValues } from '../../settings/values.js';
import { BLOCKING_BUSY_MS, whenUnlocked } from '../sqlite/when-unlocked.js';
import { type ChangeColumns, changeRows, gameRulesRow, newestOfEach } from './rows.js';
import type { GameHouseRules, SettingsEdit, SettingsEdited, SettingsStore } from './settings-store.js';

/**
 * House rules in the game store's SQLite file, through a connection of their own: the game store
 * has opened the file (and migrated it) first. SQLite answers synchronously, as the game store does.
 */
export class SqliteSettingsStore implements SettingsStore {
  readonly #db: Database.Database;
  readonly #statements;

  constructor(path: string) {
    // Writes wait for another connection's lock on timers, not inside SQLite (see whenUnlocked).
    this.#db = new Database(path, { timeout: BLOCKING_BUSY_MS, fileMustExist: true });
    this.#db.pragma('foreign_keys = ON');
    const db = this.#db;
    this.#statements = {
      read: db.prepare<[string], { settings: string }>('SELECT settings FROM guild_settings WHERE guild_id = ?'),
      write: db.prepare<[string, string, number]>(
        `INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at`,
      ),
      audit: db.prepare<[string, string, number, string, string | null, string | null]>(
        `INSERT INTO settings_changes (guild_id, user_id, changed_at, setting, old_value, new_value)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      recent: db.prepare<[string, number], ChangeColumns>(
        `SELECT guild_id, user_id, changed_at, setting, old_value, new_value
         FROM settings_changes WHERE guild_id = ? ORDER BY id DESC LIMIT ?`,
      ),
      // The newest row of each setting: who set its current value, and when.
      newestOfEach: db.prepare<[string], ChangeColumns>(
        `SELECT guild_id, user_id, changed_at, setting, old_value, new_value FROM settings_changes
         WHERE id IN (SELECT MAX(id) FROM settings_changes WHERE guild_id = ? GROUP BY setting)`,
      ),
      recordGame: db.prepare<[number, string, string | null]>(
        'INSERT OR REPLACE INTO game_house_rules (game_id, from_defaults, language) VALUES (?, ?, ?)',
      ),
      gameRules: db.prepare<[number], { from_defaults: string; language: string | null }>(
        'SELECT from_defaults, language FROM game_house_rules WHERE game_id = ?',
      ),
    };
  }

  async read(guildId: string): Promise<SettingValues> {
    return this.#readNow(guildId);
  }

  #readNow(guildId: string): SettingValues {
    const row = this.#statements.read.get(guildId);
    return row ? parseSettings(JSON.parse(row.settings)) : {};
  }

  async update({ guildId, userId, at, edit }: SettingsEdit): Promise<SettingsEdited> {
    // IMMEDIATE: the read and the write hold the write lock together, so two changes never cross.
    const transaction = this.#db.transaction((): SettingsEdited => {
      const before = this.#readNow(guildId);
      const after = parseSettings(edit(before));
      const changes = changesBetween(before, after);
      if (changes.length === 0) return { before, after: before, changes };
      this.#statements.write.run(guildId, JSON.stringify(after), at);
      for (const change of changes) {
        this.#statements.audit.run(
          guildId,
          userId,
          at,
          change.setting,
          asJson(change.oldValue),
          asJson(change.newValue),
        );
      }
      return { before, after, changes };
    });
    return whenUnlocked(() => transaction.immediate());
  }

  async recentChanges(guildId: string, limit: number) {
    return changeRows(this.#statements.recent.all(guildId, limit).map(parseValues));
  }

  async lastChangeOfEach(guildId: string) {
    return newestOfEach(changeRows(this.#statements.newestOfEach.all(guildId).map(parseValues)));
  }

  async recordGame(gameId: number, rules: GameHouseRules): Promise<void> {
    await whenUnlocked(() => this.#statements.recordGame.run(gameId, JSON.stringify(rules.fromServer), rules.language));
  }

  async gameRules(gameId: number): Promise<GameHouseRules | undefined> {
    const row = this.#statements.gameRules.get(gameId);
    return row ? gameRulesRow(JSON.parse(row.from_defaults), row.language) : undefined;
  }

  async close(): Promise<void> {
    this.#db.close();
  }
}

function asJson(value: unknown): string | null {
  return value === null ? null : JSON.stringify(value);
}

function parseValues(row: ChangeColumns): ChangeColumns {
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : null);
  return { ...row, old_value: parse(row.old_value), new_value: parse(row.new_value) };
}
