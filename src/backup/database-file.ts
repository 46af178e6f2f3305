import { ConfigError, readDatabaseLocation } from '../config.js';
import { exitWithConfigError, loadDotEnv } from '../env.js';

/** The SQLite file the bot uses (DATABASE_PATH, from .env too); PostgreSQL has its own tools. */
export function configuredSqliteFile(): string {
  loadDotEnv();
  try {
    const location = readDatabaseLocation(process.env);
    if (location.kind === 'postgres') {
      exitWithConfigError('DATABASE_URL is PostgreSQL: back it up with pg_dump (see docs/operating.md).');
    }
    return location.path;
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
}
