/**
 * The store's backends as the shared store tests see them: each gives fresh, empty databases, opens
 * stores on them, and reads rows back through a connection of its own, to check what was committed.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { connectClient } from '../../harness/postgres-client.js';
import { type GameStore, openPostgresStore, openSqliteStore } from '../../src/store/index.js';
import { createDatabase } from '../support/postgres-databases.js';
import { tempFolder } from './helpers.js';

export interface TestStoreOptions {
  readonly now?: () => number;
  /** Which guilds' games the store keeps in memory. */
  readonly cacheGuild?: (guildId: string) => boolean;
}

export interface TestDatabase {
  readonly dialect: 'sqlite' | 'postgres';
  /** The SQLite file, or the PostgreSQL URL. */
  readonly location: string;
  open(options?: TestStoreOptions): Promise<GameStore>;
  /**
   * Rows read through a separate connection. `?` placeholders in both dialects; quote mixed-case
   * aliases ("playerId"), and write booleans as CASE WHEN x THEN 1 ELSE 0 END.
   */
  rows<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** Closes the checking connection and removes the database's files. */
  remove(): Promise<void>;
}

export interface Backend {
  readonly name: 'sqlite' | 'postgres';
  fresh(): Promise<TestDatabase>;
}

const sqlite: Backend = {
  name: 'sqlite',
  async fresh() {
    const folder = tempFolder();
    // A folder the store must create, as a first start would.
    const path = join(folder.dir, 'nested', 'folder', 'crag.sqlite');
    let check: Database.Database | undefined;
    return {
      dialect: 'sqlite',
      location: path,
      open: async (options = {}) => openSqliteStore(path, options),
      rows: async <T>(sql: string, ...params: unknown[]) => {
        check ??= new Database(path, { readonly: true, fileMustExist: true });
        return check.prepare(sql).all(...params) as T[];
      },
      remove: async () => {
        check?.close();
        folder.remove();
      },
    };
  },
};

const postgres: Backend = {
  name: 'postgres',
  async fresh() {
    const url = await createDatabase();
    let check: Promise<pg.Client> | undefined;
    return {
      dialect: 'postgres',
      location: url,
      open: async (options = {}) => openPostgresStore(url, options),
      rows: async <T>(sql: string, ...params: unknown[]) => {
        check ??= connectClient(url);
        let n = 0;
        const text = sql.replace(/\?/g, () => `$${++n}`);
        return (await (await check).query(text, params)).rows as T[];
      },
      remove: async () => {
        await (await check)?.end();
      },
    };
  },
};

export const BACKENDS: readonly Backend[] = [sqlite, postgres];
