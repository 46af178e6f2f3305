import { isSettingName, type SettingName, type SettingValue } from '../../settings/values.js';
import type { GameHouseRules, SettingsChangeRow } from './settings-store.js';

/** An audit row as both backends select it (JSON values already parsed). */
export interface ChangeColumns {
  readonly guild_id: string;
  readonly user_id: string;
  readonly changed_at: number | string;
  readonly setting: string;
  readonly old_value: unknown;
  readonly new_value: unknown;
}

export function changeRow(row: ChangeColumns): SettingsChangeRow | undefined {
  // A setting a newer bot wrote and this one does not know is skipped.
  if (!isSettingName(row.setting)) return undefined;
  return {
    guildId: row.guild_id,
    userId: row.user_id,
    changedAt: Number(row.changed_at),
    setting: row.setting,
    oldValue: (row.old_value ?? null) as SettingValue | null,
    newValue: (row.new_value ?? null) as SettingValue | null,
  };
}

export function changeRows(rows: readonly ChangeColumns[]): SettingsChangeRow[] {
  return rows.map(changeRow).filter((row) => row !== undefined);
}

/** The newest row of each setting, from rows newest first. */
export function newestOfEach(rows: readonly SettingsChangeRow[]): Map<SettingName, SettingsChangeRow> {
  const newest = new Map<SettingName, SettingsChangeRow>();
  for (const row of rows) if (!newest.has(row.setting)) newest.set(row.setting, row);
  return newest;
}

export function gameRulesRow(fromDefaults: unknown, language: string | null): GameHouseRules {
  const names = Array.isArray(fromDefaults) ? fromDefaults.filter((name) => isSettingName(String(name))) : [];
  return { fromServer: names as SettingName[], language };
}
