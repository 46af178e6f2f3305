import dotenv from 'dotenv';

/** Reads `.env` into the environment; variables already set win, as usual. */
export function loadDotEnv(): void {
  dotenv.config({ quiet: true });
}

/** Prints one clear line for bad configuration and exits non-zero. */
export function exitWithConfigError(message: string): never {
  process.stderr.write(`crag-bot: ${message}\n`);
  process.exit(1);
}
