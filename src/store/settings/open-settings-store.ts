import type { StoreLocation } from '../open-store.js';
import type { SettingsStore } from './settings-store.js';
import { SqliteSettingsStore } from './sqlite-settings-store.js';

/**
 * Opens the house rules beside an open game store, on the same database (whose migrations brought
 * their tables). PostgreSQL's module is loaded only when asked for, as the game store's is.
 */
export async function openSettingsStore(
  location: StoreLocation,
  onConnectionError: (error: Error) => void = () => undefined,
): Promise<SettingsStore> {
  if (location.kind === 'sqlite') return new SqliteSettingsStore(location.path);
  const { PostgresSettingsStore } = await import('./postgres-settings-store.js');
  return new PostgresSettingsStore(location.url, onConnectionError);
}
