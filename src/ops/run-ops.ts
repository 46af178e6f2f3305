import { type Client, Status } from 'discord.js';
import { BackupScheduler } from '../backup/backup-schedule.js';
import type { TurnScheduler } from '../bot/scheduler.js';
import type { BotHooks } from '../bot/start-bot.js';
import { ConfigError } from '../config-error.js';
import type { Logger } from '../log.js';
import type { ProcessShards } from '../sharding/guild-ownership.js';
import type { GameStore, StoreLocation } from '../store/index.js';
import { type DatabaseProbe, openDatabaseProbe } from './database-probe.js';
import { instrumentClient } from './instrument-client.js';
import { instrumentStore } from './instrument-store.js';
import { collectProcessMetrics, registry, watch } from './metrics.js';
import type { OpsConfig } from './ops-config.js';
import { type OpsServer, startOpsServer } from './ops-server.js';
import { databaseCheck, gatewayCheck, type ReadinessReport, report } from './readiness.js';
import { isOpsQuestion, type OpsAnswer } from './shard-messages.js';

export interface RunningOps {
  /** The store to give the bot: the same one, its saves measured. */
  readonly store: GameStore;
  readonly hooks: BotHooks;
  close(): Promise<void>;
}

export interface OpsSetting {
  readonly config: OpsConfig;
  readonly database: StoreLocation;
  readonly shards: ProcessShards;
  readonly log: Logger;
}

/** A process under the sharded launcher (discord.js's ShardingManager sets this for its children). */
function underShardingManager(): boolean {
  return process.env.SHARDING_MANAGER === 'true' && typeof process.send === 'function';
}

/** Several processes hold the shards: only the one with shard 0 takes the scheduled backups. */
function holdsShardZero(shards: ProcessShards): boolean {
  return shards === 'recommended' || shards.ids.includes(0);
}

/** Answers the launcher's questions (see shard-messages.ts) from this process's registry and checks. */
function answerLauncher(readiness: () => Promise<ReadinessReport>): () => void {
  const onMessage = (message: unknown) => {
    if (!isOpsQuestion(message)) return;
    const answer: Promise<OpsAnswer> =
      message.what === 'metrics'
        ? registry.getMetricsAsJSON().then((metrics) => ({ cragOps: 'answer', id: message.id, metrics }))
        : readiness().then((ready) => ({ cragOps: 'answer', id: message.id, readiness: ready }));
    void answer.then((reply) => process.send?.(reply)).catch(() => undefined);
  };
  process.on('message', onMessage);
  return () => process.off('message', onMessage);
}

/**
 * What an operator sees of this bot process: its metrics and readiness, served on OPS_PORT (or,
 * under the sharded launcher, handed to the launcher, which serves one listener for the host), and
 * the scheduled backups of a SQLite database.
 */
export async function startOps(setting: OpsSetting, store: GameStore): Promise<RunningOps> {
  const { config, database, log } = setting;
  let client: Client | undefined;
  let scheduler: TurnScheduler | undefined;
  const probe: DatabaseProbe = await openDatabaseProbe(database);
  watch({
    shardPings: () => [...(client?.ws.shards.values() ?? [])].map((shard) => ({ shard: shard.id, ms: shard.ping })),
    shardsReady: () =>
      [...(client?.ws.shards.values() ?? [])].map((shard) => ({
        shard: shard.id,
        ready: shard.status === Status.Ready,
      })),
    armedTimers: () => scheduler?.armed ?? 0,
    gamesByStatus: () => probe.gamesByStatus(),
  });
  const readiness = async () => report({ gateway: gatewayCheck(client), database: await databaseCheck(probe) });

  let server: OpsServer | undefined;
  let stopAnswering: (() => void) | undefined;
  if (underShardingManager()) {
    collectProcessMetrics();
    stopAnswering = answerLauncher(readiness);
  } else if (config.listen) {
    collectProcessMetrics();
    const { host, port } = config.listen;
    server = await startOpsServer(
      config.listen,
      {
        readiness,
        metrics: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
      },
      log,
    ).catch((error: unknown) => {
      throw new ConfigError(`cannot listen on OPS_HOST ${host} OPS_PORT ${port}: ${(error as Error).message}`);
    });
  }

  let backups: BackupScheduler | undefined;
  if (config.backups && database.kind === 'sqlite' && holdsShardZero(setting.shards)) {
    backups = new BackupScheduler(config.backups, database.path, log);
    backups.start();
  }

  return {
    store: instrumentStore(store),
    hooks: {
      created(parts) {
        client = parts.client;
        scheduler = parts.scheduler;
        instrumentClient(parts.client);
      },
    },
    async close() {
      stopAnswering?.();
      await backups?.stop();
      await server?.close();
      await probe.close();
    },
  };
}
