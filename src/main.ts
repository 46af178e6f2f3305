import { DiscordjsErrorCodes } from 'discord.js';
import { startBot } from './bot/start-bot.js';
import { ConfigError, loadConfig } from './config.js';
import { exitWithConfigError, loadDotEnv } from './env.js';
import { createLogger } from './log.js';
import { openStore, StoreOpenError } from './store/index.js';

/** The bot's entry point: configuration, database, Discord, and a clean stop on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
  const log = createLogger(config.logLevel);
  let store: ReturnType<typeof openStore>;
  try {
    store = openStore(config.databasePath);
  } catch (error) {
    if (error instanceof StoreOpenError) exitWithConfigError(error.message);
    throw error;
  }

  process.on('unhandledRejection', (error) => log.error('unhandled rejection', { error }));

  let bot: Awaited<ReturnType<typeof startBot>>;
  try {
    bot = await startBot(config, store, log);
  } catch (error) {
    store.close();
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
      .then(() => {
        store.close();
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
