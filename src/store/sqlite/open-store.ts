import type { GameStore } from '../game-store.js';
import { defaultMigrationsDir, loadMigrations } from '../migrations.js';
import { SqlGameStore, type SqlGameStoreOptions } from '../sql-game-store.js';
import { SqliteBackend } from './backend.js';
import { BUSY_TIMEOUT_MS, openDatabase } from './open-database.js';
import type { Tightened } from './private-files.js';
import { WalCheckpointer } from './wal-checkpointer.js';
import { BLOCKING_BUSY_MS } from './when-unlocked.js';

export interface SqliteStoreOptions extends SqlGameStoreOptions {
  /** Where the NNNN_name.sql files are; defaults to `migrations/sqlite/` at the package root. */
  readonly migrationsDir?: string;
  /**
   * Read every page with PRAGMA quick_check before opening. It always runs before a migration;
   * otherwise it is skipped because it costs time in proportion to the file's size.
   */
  readonly checkIntegrity?: boolean;
  /**
   * 'background' (the default) checkpoints the WAL on a second connection in a worker thread;
   * 'inline' leaves it to SQLite, which makes an occasional commit wait for the disk.
   */
  readonly checkpoints?: 'background' | 'inline';
  /** Told if background checkpoints fail; the store then falls back to inline ones. */
  readonly onCheckpointError?: (error: Error) => void;
  /** Told when files of the database were readable by others and were made owner-only (or could not be). */
  readonly onTightened?: (result: Tightened) => void;
}

/**
 * Opens the database at `path`, creating it and its folder if needed, applies pending migrations
 * and packs the games that ended before migration 2, all before it returns (synchronously). Throws
 * StoreOpenError, leaving the file untouched, when it cannot or should not.
 */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): GameStore {
  const now = options.now ?? Date.now;
  const migrations = loadMigrations(options.migrationsDir ?? defaultMigrationsDir('sqlite'));
  const db = openDatabase(path, migrations, {
    now,
    checkIntegrity: options.checkIntegrity ?? false,
    ...(options.onTightened ? { onTightened: options.onTightened } : {}),
  });
  const checkpointer =
    options.checkpoints === 'inline'
      ? undefined
      : new WalCheckpointer(db, path, BUSY_TIMEOUT_MS, {
          ...(options.onCheckpointError ? { onError: options.onCheckpointError } : {}),
        });
  const backend = new SqliteBackend(db, checkpointer);
  try {
    backend.packLegacyGames();
  } catch (error) {
    void backend.close();
    throw error;
  }
  // Serving from here on: a write waits for a lock between attempts, on timers (see whenUnlocked).
  db.pragma(`busy_timeout = ${BLOCKING_BUSY_MS}`);
  return new SqlGameStore(backend, { now, ...(options.cacheGuild ? { cacheGuild: options.cacheGuild } : {}) });
}
