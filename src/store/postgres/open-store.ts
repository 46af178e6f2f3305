import type { GameStore } from '../game-store.js';
import { defaultMigrationsDir, loadMigrations } from '../migrations.js';
import { SqlGameStore, type SqlGameStoreOptions } from '../sql-game-store.js';
import { PostgresBackend } from './backend.js';
import { openDatabase } from './open-database.js';

export interface PostgresStoreOptions extends SqlGameStoreOptions {
  /** Where the NNNN_name.sql files are; defaults to `migrations/postgres/` at the package root. */
  readonly migrationsDir?: string;
  /** Connections kept open at most (default 10): clicks on different games run side by side. */
  readonly maxConnections?: number;
  /** How long a new connection may take before the store gives up (default 5 s). */
  readonly connectTimeoutMs?: number;
  /** Told when an idle connection fails (the server restarted, the network dropped); the pool replaces it. */
  readonly onConnectionError?: (error: Error) => void;
}

/**
 * Connects to the PostgreSQL database at `url`, refusing one that is not crag-bot's or from a newer
 * bot, applies pending migrations and packs the games that ended before migration 2. Throws
 * StoreOpenError, with one line saying what to fix and never the password, when it cannot or should not.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<GameStore> {
  const now = options.now ?? Date.now;
  const migrations = loadMigrations(options.migrationsDir ?? defaultMigrationsDir('postgres'));
  const pool = await openDatabase(url, migrations, {
    now,
    maxConnections: options.maxConnections ?? 10,
    connectTimeoutMs: options.connectTimeoutMs ?? 5_000,
    onConnectionError: options.onConnectionError ?? (() => undefined),
  });
  const backend = new PostgresBackend(pool);
  try {
    await backend.packLegacyGames();
  } catch (error) {
    await backend.close();
    throw error;
  }
  return new SqlGameStore(backend, { now, ...(options.cacheGuild ? { cacheGuild: options.cacheGuild } : {}) });
}
