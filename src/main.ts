import { DiscordjsErrorCodes } from 'discord.js';
import { startBot } from './bot/start-bot.js';
import { ConfigError, isTokenSet, loadConfig } from './config.js';
import { exitWithConfigError, loadDotEnv } from './env.js';
import { createLogger } from './log.js';
import { type GameStore, openStore, StoreOpenError } from './store/index.js';

/**
 * SQLite met damage while reading: the checks made when the store opens a file skip reading every
 * page (that would slow each restart), so a damaged page can first show up when the bot reads it.
 */
function isDamagedDatabase(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error) || !('code' in error) || typeof error.code !== 'string') return false;
  return error.code.startsWith('SQLITE_CORRUPT') || error.code.startsWith('SQLITE_NOTADB');
}

/**
 * The bot's entry point: configuration, database, Discord, and a clean stop on SIGTERM/SIGINT.
 * Without any DISCORD_TOKEN it opens the local playground instead (see src/playground/).
 */
async function main(): Promise<void> {
  loadDotEnv();
  if (!isTokenSet(process.env)) {
    const { runPlayground } = await import('./playground/run-playground.js');
    await runPlayground();
    return;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
  const log = createLogger(config.logLevel);
  let store: GameStore;
  try {
    store = await openStore(config.database, {
      onBackgroundError: (message, error) => log.warn(message, { error }),
    });
  } catch (error) {
    if (error instanceof StoreOpenError) exitWithConfigError(error.message);
    throw error;
  }

  process.on('unhandledRejection', (error) => log.error('unhandled rejection', { error }));

  let bot: Awaited<ReturnType<typeof startBot>>;
  try {
    bot = await startBot(config, store, log);
  } catch (error) {
    // A damaged file can fail to close too; the error that stopped the start is the one to report.
    await store.close().catch(() => undefined);
    if (config.database.kind === 'sqlite' && isDamagedDatabase(error)) {
      exitWithConfigError(
        `${config.database.path} is a damaged SQLite database (${error.message}). Restore a backup or point DATABASE_PATH elsewhere.`,
      );
    }
    if (error instanceof Error && 'code' in error && error.code === DiscordjsErrorCodes.TokenInvalid) {
      exitWithConfigError(
        'Discord rejected DISCORD_TOKEN: copy the token again from the Developer Portal (Bot → Reset Token) into .env.',
      );
    }
    throw error;
  }

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    bot
      .stop()
      .then(() => store.close())
      .then(() => {
        log.info('stopped cleanly');
        process.exit(0);
      })
      .catch((error: unknown) => {
        log.error('shutdown failed', { error });
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`crag-bot: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
