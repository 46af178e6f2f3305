import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config.js';
import type { StoreLocation } from '../store/index.js';
import { readPlaygroundDatabase } from './playground-database.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface PlaygroundSettings {
  /** The page's port on 127.0.0.1; 0 picks a free one (the banner prints the real URL). */
  readonly port: number;
  /** The playground's own folder: its database, world file, saved messages and bot log. */
  readonly dataDir: string;
  /** The bot's database: the playground's own SQLite file unless PLAYGROUND_DATABASE=url. */
  readonly database: StoreLocation;
}

/** Where the playground keeps each of its files, all inside its data folder. */
export interface PlaygroundPaths {
  readonly database: string;
  readonly worldFile: string;
  readonly messagesFile: string;
  readonly botLog: string;
  /** The running bot's process id, so that a playground started after a crash waits for a leftover bot. */
  readonly botPidFile: string;
}

const DEFAULT_PLAYGROUND_PORT = 3000;

/** `dist/src/playground/` → the build's root `dist/`. */
const DIST_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The bot's production entry point: the playground runs exactly what `npm start` runs with a token. */
export const BOT_ENTRY = path.join(DIST_ROOT, 'src/main.js');
/** The page, built by `npm run build` (vite) from playground-web/. */
export const WEB_ROOT = path.join(DIST_ROOT, 'playground-web');

export function readPlaygroundSettings(env: Env): PlaygroundSettings {
  const rawPort = env.PLAYGROUND_PORT?.trim();
  let port = DEFAULT_PLAYGROUND_PORT;
  if (rawPort) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65_535) {
      throw new ConfigError(
        `PLAYGROUND_PORT must be a port number (1-65535, or 0 for any free port); got "${rawPort}".`,
      );
    }
  }
  const dataDir = path.resolve(env.PLAYGROUND_DATA_DIR?.trim() || './data');
  return { port, dataDir, database: readPlaygroundDatabase(env, playgroundPaths(dataDir).database) };
}

export function playgroundPaths(dataDir: string): PlaygroundPaths {
  return {
    database: path.join(dataDir, 'playground.sqlite'),
    worldFile: path.join(dataDir, 'playground-world.json'),
    messagesFile: path.join(dataDir, 'playground-messages.json'),
    botLog: path.join(dataDir, 'playground-bot.log'),
    botPidFile: path.join(dataDir, 'playground-bot.pid'),
  };
}
