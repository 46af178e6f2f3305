import type { GameStore } from './game-store.js';
import { openSqliteStore, type SqliteStoreOptions } from './sqlite/sqlite-store.js';

/** Which database holds the games, as the configuration names it. */
export type StoreLocation = { readonly kind: 'sqlite'; readonly path: string };

export interface OpenStoreOptions {
  /** Told when something in the background fails and the store carries on without it. */
  readonly onBackgroundError?: (message: string, error: Error) => void;
}

/**
 * Opens the configured backend and brings its schema up to date. Throws StoreOpenError, with a
 * message that says what to do, when the database cannot or should not be used.
 */
export async function openStore(location: StoreLocation, options: OpenStoreOptions = {}): Promise<GameStore> {
  const { onBackgroundError } = options;
  const sqliteOptions: SqliteStoreOptions = onBackgroundError
    ? {
        onCheckpointError: (error) =>
          onBackgroundError('background WAL checkpoints stopped; SQLite checkpoints inline', error),
      }
    : {};
  return openSqliteStore(location.path, sqliteOptions);
}
