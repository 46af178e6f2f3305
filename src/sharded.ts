import { fileURLToPath } from 'node:url';
import { type Config, ConfigError, loadConfig } from './config.js';
import { EXIT_TEMPFAIL, exitWithConfigError, loadDotEnv } from './env.js';
import { createLogger, type LogContext } from './log.js';
import type { HostOps } from './ops/host-ops.js';
import { type OpsConfig, readOpsConfig } from './ops/ops-config.js';
import { fetchGatewayBot, type GatewayBot, GatewayUnreachable } from './sharding/gateway-bot.js';
import { ShardLauncher } from './sharding/shard-launcher.js';
import {
  HOST_SHARDS_VARIABLE,
  type HostShards,
  readHostShards,
  resolveHostShards,
  shardProcessBudget,
} from './sharding/shard-settings.js';
import { sqliteFilesystemProblem, sqliteSplitProblem } from './sharding/sqlite-sharing.js';

/** Each shard runs the bot's own production entry, which sits beside this file in the build. */
const BOT_ENTRY = fileURLToPath(new URL('./main.js', import.meta.url));

/**
 * `npm run start:sharded`: this host's shards of the bot, one process each, under discord.js's
 * ShardingManager. SHARD_COUNT (default auto: Discord's recommendation) runs every shard here;
 * SHARD_LIST with TOTAL_SHARDS runs this host's part. Bad settings get one line and a non-zero exit
 * before anything starts; SIGTERM/SIGINT stop every shard cleanly.
 */
async function main(): Promise<void> {
  loadDotEnv();
  let config: Config;
  let host: HostShards;
  let opsConfig: OpsConfig;
  try {
    config = loadConfig();
    opsConfig = readOpsConfig(process.env);
    host = readHostShards(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    throw error;
  }
  const split = sqliteSplitProblem(config.database, host);
  if (split !== undefined) exitWithConfigError(split);

  let gateway: GatewayBot;
  try {
    gateway = await fetchGatewayBot(config.token, config.apiUrl);
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigError(error.message);
    if (error instanceof GatewayUnreachable) exitWithConfigError(error.message, EXIT_TEMPFAIL);
    throw error;
  }
  const shards = resolveHostShards(host, gateway.shards);
  const filesystem = sqliteFilesystemProblem(config.database, shards);
  if (filesystem !== undefined) exitWithConfigError(filesystem);

  const log = createLogger(config.logLevel);
  // Every shard process of the bot, on every host, shares the token's global limit: unless told
  // otherwise each gets its share (the processes inherit this environment). Past 40 shards only
  // `npm run proxy` keeps them under it.
  if (process.env.REST_REQUESTS_PER_SECOND === undefined) {
    process.env.REST_REQUESTS_PER_SECOND = String(shardProcessBudget(shards));
  }
  // Each shard's process learns which shards share its host, to reach them over the launcher's IPC
  // and the others' through PostgreSQL (the Activity's relay, docs/activity.md).
  process.env[HOST_SHARDS_VARIABLE] = shards.ids.join(',');
  const launcher = new ShardLauncher({
    entry: BOT_ENTRY,
    token: config.token,
    shards,
    maxConcurrency: gateway.maxConcurrency,
    log,
  });
  // Loaded only when asked for: prom-client adds a quarter of a second to every start.
  let ops: HostOps | undefined;
  if (opsConfig.listen) {
    const { HostOps } = await import('./ops/host-ops.js');
    ops = new HostOps(launcher.manager, shards, log);
    await ops.start(opsConfig.listen).catch((error: unknown) => {
      if (error instanceof ConfigError) exitWithConfigError(error.message);
      throw error;
    });
  }
  let stopping = false;
  const stop = (why: LogContext, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info("stopping this host's shards", why);
    launcher
      .stop()
      .then(() => ops?.close())
      .then(() => {
        log.info('stopped', { exitCode });
        process.exit(exitCode);
      })
      .catch((error: unknown) => {
        log.error('stopping the shards failed', { error });
        process.exit(1);
      });
  };
  process.on('SIGTERM', (signal) => stop({ signal }, 0));
  process.on('SIGINT', (signal) => stop({ signal }, 0));

  // `hostShards`, not `shards`: the shards' own lines carry `shards`, and all go to one stream.
  log.info('starting shards', { hostShards: shards.ids, total: shards.total, recommended: gateway.shards });
  const failure = await launcher.start();
  if (failure) {
    stop({ why: failure.why }, failure.exitCode);
    return;
  }
  log.info('shards ready', { hostShards: shards.ids, total: shards.total });
  void launcher.failed.then((failed) => stop({ why: failed.why }, failed.exitCode));
}

main().catch((error: unknown) => {
  process.stderr.write(`crag-bot: could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
