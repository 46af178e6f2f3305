/** Servers' house rules (/crag-settings), beside the games in the same database. */
export { openSettingsStore } from './open-settings-store.js';
export type {
  GameHouseRules,
  SettingsChangeRow,
  SettingsEdit,
  SettingsEdited,
  SettingsStore,
} from './settings-store.js';
