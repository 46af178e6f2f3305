import type { GameStore } from './game-store.js';
import type { PostgresStoreOptions } from './postgres/open-store.js';
import { openSqliteStore } from './sqlite/open-store.js';
import type { Tightened } from './sqlite/private-files.js';

/** Which database holds the games, as the configuration names it. */
export type StoreLocation =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

export interface OpenStoreOptions {
  /** Told when something in the background fails and the store carries on without it. */
  readonly onBackgroundError?: (message: string, error: Error) => void;
  /** Which guilds' games this process may keep in memory (a shard's own; see PostgresStoreOptions). */
  readonly cacheGuild?: (guildId: string) => boolean;
  /** SQLite: told when files of the database were readable by others and were made owner-only (or could not be). */
  readonly onTightened?: (result: Tightened) => void;
}

/**
 * Opens the PostgreSQL store. Its module, and the `pg` client with it (several MB of memory), is
 * loaded only when asked for, so a bot on SQLite never loads it.
 */
export async function openPostgresStore(url: string, options?: PostgresStoreOptions): Promise<GameStore> {
  const backend = await import('./postgres/open-store.js');
  return backend.openPostgresStore(url, options);
}

/**
 * Opens the configured backend and brings its schema up to date. Throws StoreOpenError, with a
 * message that says what to do, when the database cannot or should not be used.
 */
export async function openStore(location: StoreLocation, options: OpenStoreOptions = {}): Promise<GameStore> {
  const { onBackgroundError, cacheGuild, onTightened } = options;
  const common = cacheGuild ? { cacheGuild } : {};
  /** The backend's own failure callback, told to onBackgroundError with what the store does about it. */
  const told = (consequence: string) =>
    onBackgroundError ? (error: Error) => onBackgroundError(consequence, error) : undefined;
  if (location.kind === 'postgres') {
    const onConnectionError = told('a PostgreSQL connection failed; the next query opens a new one');
    return openPostgresStore(location.url, { ...common, ...(onConnectionError ? { onConnectionError } : {}) });
  }
  const onCheckpointError = told('background WAL checkpoints stopped; SQLite checkpoints inline');
  return openSqliteStore(location.path, {
    ...common,
    ...(onCheckpointError ? { onCheckpointError } : {}),
    ...(onTightened ? { onTightened } : {}),
  });
}
