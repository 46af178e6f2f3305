/**
 * The SQLite store: games, sheets, series and the leaderboard, saved after every accepted action.
 */
export * from './errors.js';
export { defaultMigrationsDir, loadMigrations, type Migration } from './migrations.js';
export { openStore, Store, type StoreOptions } from './store.js';
export * from './types.js';
