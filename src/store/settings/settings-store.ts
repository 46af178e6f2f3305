import type { SettingChange, SettingName, SettingValues } from '../../settings/values.js';

/** One audit row: who changed which setting of a server, when, from what to what (null: the bot's default). */
export interface SettingsChangeRow extends SettingChange {
  readonly guildId: string;
  readonly userId: string;
  /** Epoch ms. */
  readonly changedAt: number;
}

/** What a game took from its server's settings when it started, frozen for its life. */
export interface GameHouseRules {
  /** The settings that shaped it (defaults filled in, limits applied); empty when none did. */
  readonly fromServer: readonly SettingName[];
  /** The boards' language the server set; null for the server's Discord locale. */
  readonly language: string | null;
}

/** A change asked of a server's settings; `edit` gets the current values and returns the new ones. */
export interface SettingsEdit {
  readonly guildId: string;
  readonly userId: string;
  readonly at: number;
  readonly edit: (current: SettingValues) => SettingValues;
}

export interface SettingsEdited {
  readonly before: SettingValues;
  readonly after: SettingValues;
  /** One per setting that changed, each written as an audit row in the same transaction. */
  readonly changes: readonly SettingChange[];
}

/**
 * Where servers' house rules live, beside the games (the same database; the tables come with the
 * game store's migrations). One implementation per backend.
 */
export interface SettingsStore {
  /** The settings set in a server; {} when none are. */
  read(guildId: string): Promise<SettingValues>;
  /** Reads, edits and writes the settings with their audit rows in one transaction. */
  update(change: SettingsEdit): Promise<SettingsEdited>;
  /** The server's last `limit` changes, newest first. */
  recentChanges(guildId: string, limit: number): Promise<SettingsChangeRow[]>;
  /** The newest change of each setting (who set its current value, when). */
  lastChangeOfEach(guildId: string): Promise<ReadonlyMap<SettingName, SettingsChangeRow>>;
  recordGame(gameId: number, rules: GameHouseRules): Promise<void>;
  /** Undefined for games started before house rules, or whose record a crash lost. */
  gameRules(gameId: number): Promise<GameHouseRules | undefined>;
  close(): Promise<void>;
}
