import pg from 'pg';
import { changesBetween, parseSettings, type SettingValues } from '../../settings/values.js';
import { withLentConnection } from '../postgres/lent-connection.js';
import { type ChangeColumns, changeRows, gameRulesRow, newestOfEach } from './rows.js';
import type { GameHouseRules, SettingsEdit, SettingsEdited, SettingsStore } from './settings-store.js';

/**
 * House rules in the game store's PostgreSQL database, through a small pool of their own (settings
 * are read once per /crag start and cached, so two connections are plenty). The game store has
 * migrated the database first.
 */
export class PostgresSettingsStore implements SettingsStore {
  readonly #pool: pg.Pool;

  constructor(url: string, onConnectionError: (error: Error) => void) {
    this.#pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 0 });
    this.#pool.on('error', onConnectionError);
  }

  async read(guildId: string): Promise<SettingValues> {
    return readWith(this.#pool, guildId, '');
  }

  update({ guildId, userId, at, edit }: SettingsEdit): Promise<SettingsEdited> {
    return withLentConnection(this.#pool, (client) => this.#update(client, { guildId, userId, at, edit }));
  }

  async #update(client: pg.PoolClient, { guildId, userId, at, edit }: SettingsEdit): Promise<SettingsEdited> {
    try {
      await client.query('BEGIN');
      // The row lock (or, for a server's first setting, the insert's conflict) keeps two changes apart.
      await client.query(
        `INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES ($1, '{}', $2) ON CONFLICT (guild_id) DO NOTHING`,
        [guildId, at],
      );
      const before = await readWith(client, guildId, 'FOR UPDATE');
      const after = parseSettings(edit(before));
      const changes = changesBetween(before, after);
      if (changes.length > 0) {
        await client.query('UPDATE guild_settings SET settings = $2, updated_at = $3 WHERE guild_id = $1', [
          guildId,
          JSON.stringify(after),
          at,
        ]);
        await client.query(
          `INSERT INTO settings_changes (guild_id, user_id, changed_at, setting, old_value, new_value)
           SELECT $1, $2, $3, c.setting, c.old_value, c.new_value
           FROM jsonb_to_recordset($4::jsonb) AS c (setting text, old_value jsonb, new_value jsonb)`,
          [guildId, userId, at, JSON.stringify(changes.map(toColumns))],
        );
      }
      await client.query('COMMIT');
      return changes.length > 0 ? { before, after, changes } : { before, after: before, changes };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async recentChanges(guildId: string, limit: number) {
    return changeRows(await this.#changes(guildId, limit));
  }

  async lastChangeOfEach(guildId: string) {
    // The newest row of each setting: who set its current value, and when.
    const result = await this.#pool.query<ChangeColumns>(
      `SELECT DISTINCT ON (setting) guild_id, user_id, changed_at, setting, old_value, new_value
       FROM settings_changes WHERE guild_id = $1 ORDER BY setting, id DESC`,
      [guildId],
    );
    return newestOfEach(changeRows(result.rows));
  }

  async #changes(guildId: string, limit: number): Promise<ChangeColumns[]> {
    const result = await this.#pool.query<ChangeColumns>(
      `SELECT guild_id, user_id, changed_at, setting, old_value, new_value
       FROM settings_changes WHERE guild_id = $1 ORDER BY id DESC LIMIT $2`,
      [guildId, limit],
    );
    return result.rows;
  }

  async recordGame(gameId: number, rules: GameHouseRules): Promise<void> {
    await this.#pool.query(
      `INSERT INTO game_house_rules (game_id, from_defaults, language) VALUES ($1, $2, $3)
       ON CONFLICT (game_id) DO UPDATE SET from_defaults = excluded.from_defaults, language = excluded.language`,
      [gameId, JSON.stringify(rules.fromServer), rules.language],
    );
  }

  async gameRules(gameId: number): Promise<GameHouseRules | undefined> {
    const result = await this.#pool.query<{ from_defaults: unknown; language: string | null }>(
      'SELECT from_defaults, language FROM game_house_rules WHERE game_id = $1',
      [gameId],
    );
    const row = result.rows[0];
    return row ? gameRulesRow(row.from_defaults, row.language) : undefined;
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}

async function readWith(db: pg.Pool | pg.PoolClient, guildId: string, lock: '' | 'FOR UPDATE') {
  const result = await db.query<{ settings: unknown }>(
    `SELECT settings FROM guild_settings WHERE guild_id = $1 ${lock}`,
    [guildId],
  );
  return parseSettings(result.rows[0]?.settings ?? {});
}

function toColumns(change: { setting: string; oldValue: unknown; newValue: unknown }) {
  return { setting: change.setting, old_value: change.oldValue, new_value: change.newValue };
}
