import { ConfigError, postgresLocation } from '../config.js';
import type { StoreLocation } from '../store/index.js';
import { serverOf } from '../store/postgres/database-url.js';

type Env = Readonly<Record<string, string | undefined>>;

/** PLAYGROUND_DATABASE's values: the playground's own SQLite file (default), or DATABASE_URL's PostgreSQL. */
const OWN_FILE = 'file';
const DATABASE_URL = 'url';

/**
 * Which database the playground's bot uses. Its own SQLite file in the data folder unless the
 * person asks for DATABASE_URL with PLAYGROUND_DATABASE=url: a DATABASE_URL left in `.env` for
 * the real bot must neither be played on by accident nor stop the playground from starting.
 */
export function readPlaygroundDatabase(env: Env, ownFile: string): StoreLocation {
  const choice = env.PLAYGROUND_DATABASE?.trim().toLowerCase() || OWN_FILE;
  if (choice === OWN_FILE) return { kind: 'sqlite', path: ownFile };
  if (choice !== DATABASE_URL) {
    throw new ConfigError(
      `PLAYGROUND_DATABASE must be "${OWN_FILE}" (the playground's own SQLite file, the default) or "${DATABASE_URL}" (the PostgreSQL database DATABASE_URL names); got "${choice}".`,
    );
  }
  const url = env.DATABASE_URL?.trim();
  if (!url) throw new ConfigError('PLAYGROUND_DATABASE=url asks for DATABASE_URL, which is not set.');
  return postgresLocation(url);
}

/** The playground's first lines say where its games are kept, and that DATABASE_URL is not used when it is not. */
export function databaseLine(database: StoreLocation, env: Env): string {
  if (database.kind === 'postgres') {
    return `Games are kept in PostgreSQL at ${serverOf(database.url)} (DATABASE_URL, as PLAYGROUND_DATABASE=url asks).`;
  }
  const unused = env.DATABASE_URL?.trim()
    ? ' DATABASE_URL is set but not used here: PLAYGROUND_DATABASE=url plays on it instead.'
    : '';
  return `Games are kept in the playground's own SQLite file, ${database.path}.${unused}`;
}

/**
 * The bot's database variables: exactly one set, the other set empty (which the bot reads as
 * unset), whatever the person's environment held: the bot reads `.env` too, and there a variable
 * already in its environment, even empty, wins.
 */
export function databaseEnv(database: StoreLocation): { DATABASE_PATH: string; DATABASE_URL: string } {
  return database.kind === 'sqlite'
    ? { DATABASE_PATH: database.path, DATABASE_URL: '' }
    : { DATABASE_URL: database.url, DATABASE_PATH: '' };
}
