import { DiscordjsErrorCodes } from 'discord.js';
import type { Feature } from './bot/feature.js';
import { FatalGatewayClose } from './bot/gateway-close.js';
import { buildRegistry } from './bot/registry.js';
import { startBot } from './bot/start-bot.js';
import { type Config, ConfigError, isTokenSet, loadConfig } from './config.js';
import { EXIT_CONFIG, EXIT_TEMPFAIL, exitWithConfigError, loadDotEnv } from './env.js';
import { createLogger, type LogContext } from './log.js';
import { type OpsConfig, readOpsConfig } from './ops/ops-config.js';
import { type RunningOps, startOps } from './ops/run-ops.js';
import { ownedGuilds, partOfTheShards } from './sharding/guild-ownership.js';
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
 * discord.js reads SHARDS and SHARD_COUNT from the environment whenever a client's options leave
 * them at their defaults, and throws on `auto` or a blank; the configuration has read them, and the
 * client takes them as options (src/bot/client.ts).
 */
function forgetShardVariables(): void {
  delete process.env.SHARDS;
  delete process.env.SHARD_COUNT;
}

/** On every log line of a process holding part of the shards: several such processes share a stream. */
function shardLogContext(shards: Config['shards']): LogContext {
  const part = partOfTheShards(shards);
  return part === undefined ? {} : { shards: part.ids };
}

/**
 * The bot's process: configuration, database, Discord, and a clean stop on SIGTERM/SIGINT, routing
 * to the features it is handed. Without any DISCORD_TOKEN it opens the local playground instead
 * (see src/playground/). Two features claiming one command or prefix stop the start, naming both.
 */
export async function runBot(features: readonly Feature[]): Promise<void> {
  const registry = buildRegistry(features);
  loadDotEnv();
  if (!isTokenSet(process.env)) {
    // A production deploy that lost its token must never serve a pretend Discord.
    if (process.env.NODE_ENV === 'production')
      exitWithConfigError('NODE_ENV is production but DISCORD_TOKEN is not set: refusing to open the playground.');
    const { runPlayground } = await import('./playground/run-playground.js');
    await runPlayground();
    return;
  }
  let config: ReturnType<typeof loadConfig>;
  let opsConfig: OpsConfig;
  try {
    config = loadConfig();
    opsConfig = readOpsConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
  forgetShardVariables();
  // A parent that died (the playground, a sharding manager) took the reading end of our stdout and
  // stderr with it: a log line then fails with EPIPE, which must not end the process before it
  // has stopped cleanly (in-flight work finished, the database closed).
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  const log = createLogger(config.logLevel, undefined, shardLogContext(config.shards));
  let store: GameStore;
  try {
    store = await openStore(config.database, {
      onBackgroundError: (message, error) => log.warn(message, { error }),
      // Only this process writes its own guilds' games (see src/sharding/guild-ownership.ts).
      cacheGuild: ownedGuilds(config.shards),
      onTightened: ({ tightened, failed }) => {
        // The files hold daily_secret: anyone who could read them could compute every future deal.
        if (tightened.length > 0)
          log.warn('database files were readable by others; made them owner-only (0600)', { files: tightened });
        if (failed.length > 0)
          log.warn('database files are readable by others and could not be made owner-only', { failed });
      },
    });
  } catch (error) {
    if (error instanceof StoreOpenError) {
      exitWithConfigError(error.message, error.reason === 'unreachable' ? EXIT_TEMPFAIL : EXIT_CONFIG);
    }
    throw error;
  }

  let ops: RunningOps;
  try {
    ops = await startOps({ config: opsConfig, database: config.database, shards: config.shards, log }, store);
  } catch (error) {
    await store.close();
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }

  process.on('unhandledRejection', (error) => log.error('unhandled rejection', { error }));

  let bot: Awaited<ReturnType<typeof startBot>>;
  try {
    bot = await startBot(config, ops.store, log, registry, ops.hooks);
  } catch (error) {
    // A damaged file can fail to close too; the error that stopped the start is the one to report.
    await ops.close().catch(() => undefined);
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
    if (error instanceof FatalGatewayClose) exitWithConfigError(error.message);
    throw error;
  }

  let stopping = false;
  /** Lets what is in flight finish, closes the database, then `exit`s. */
  const shutdown = (why: LogContext, exit: () => void) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', why);
    bot
      .stop()
      .then(() => ops.close())
      .then(() => store.close())
      .then(exit)
      .catch((error: unknown) => {
        log.error('shutdown failed', { error });
        process.exit(1);
      });
  };
  const stopCleanly = () => {
    log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => shutdown({ signal }, stopCleanly));
  process.on('SIGINT', (signal) => shutdown({ signal }, stopCleanly));
  // A process whose parent died (a shard's ShardingManager, the playground) stops too, rather than
  // hold its shard or database beside the processes of the parent's next start (two owners for the
  // same games); the parent may have died while this process was starting. The parent's IPC channel
  // closes when it dies, even by SIGKILL. (`connected` is undefined in a process started without IPC.)
  const parentGone = () => shutdown({ reason: 'the parent process is gone' }, stopCleanly);
  if (process.connected === false) parentGone();
  else process.once('disconnect', parentGone);
  void bot.closedForGood.then((close) =>
    shutdown({ reason: 'Discord closed the gateway for good', shard: close.shard, code: close.code }, () =>
      exitWithConfigError(close.message),
    ),
  );
}
