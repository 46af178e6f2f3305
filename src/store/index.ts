/**
 * Where games live: the GameStore interface, its one implementation over the SQL, and the backends
 * that run the SQL (see docs/storage.md). The bot opens one with `openStore` and never learns which
 * database answers.
 */
export * from './errors.js';
export * from './game-store.js';
export type { GameWebhook, GameWebhooks, WebhookToken } from './game-webhooks.js';
export { type Dialect, defaultMigrationsDir, loadMigrations, type Migration } from './migrations.js';
export { type OpenStoreOptions, openPostgresStore, openStore, type StoreLocation } from './open-store.js';
export { isPostgresUrl, maskPassword, postgresUrlProblem } from './postgres/database-url.js';
export type { PostgresStoreOptions } from './postgres/open-store.js';
export { openSqliteStore, type SqliteStoreOptions } from './sqlite/open-store.js';
export * from './types.js';
