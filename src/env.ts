import dotenv from 'dotenv';

/**
 * sysexits.h's EX_CONFIG: restarting cannot help (bad configuration, a gateway closed for good).
 * The sharded launcher never respawns a shard that exits with it; systemd can be told the same
 * (`RestartPreventExitStatus=78`).
 */
export const EXIT_CONFIG = 78;
/** sysexits.h's EX_TEMPFAIL: it may work later (a database that cannot be reached right now). */
export const EXIT_TEMPFAIL = 75;

/** Reads `.env` into the environment; variables already set win, as usual. */
export function loadDotEnv(): void {
  dotenv.config({ quiet: true });
}

/** Prints one clear line for bad configuration and exits non-zero. */
export function exitWithConfigError(message: string, code = EXIT_CONFIG): never {
  process.stderr.write(`crag-bot: ${message}\n`);
  process.exit(code);
}
