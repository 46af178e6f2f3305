import type { StoreLocation } from '../open-store.js';
import type { DailyStore } from './daily-store.js';

export type * from './daily-store.js';

/**
 * Opens the daily store on the database the GameStore uses; open the GameStore first, so its
 * migrations have run. The PostgreSQL module (and `pg`) loads only for PostgreSQL.
 */
export async function openDailyStore(
  location: StoreLocation,
  onConnectionError?: (error: Error) => void,
): Promise<DailyStore> {
  if (location.kind === 'postgres') {
    const { PostgresDailyStore } = await import('./postgres-daily-store.js');
    return new PostgresDailyStore(location.url, onConnectionError);
  }
  const { SqliteDailyStore } = await import('./sqlite-daily-store.js');
  return new SqliteDailyStore(location.path);
}
