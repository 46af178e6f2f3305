import type { StoreLocation } from '../open-store.js';
import type { TournamentStore } from './tournament-store.js';

export type * from './tournament-store.js';
export { TOURNAMENT_FORMATS } from './tournament-store.js';

/**
 * Opens the tournament store on the database the GameStore uses; open the GameStore first, so its
 * migrations have run. The PostgreSQL module (and `pg`) loads only for PostgreSQL.
 */
export async function openTournamentStore(
  location: StoreLocation,
  onConnectionError?: (error: Error) => void,
): Promise<TournamentStore> {
  if (location.kind === 'postgres') {
    const { PostgresTournamentStore } = await import('./postgres-tournament-store.js');
    return new PostgresTournamentStore(location.url, onConnectionError);
  }
  const { SqliteTournamentStore } = await import('./sqlite-tournament-store.js');
  return new SqliteTournamentStore(location.path);
}
