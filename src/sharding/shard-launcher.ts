import { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Shard, ShardingManager } from 'discord.js';
import type { Logger } from '../log.js';
import { withShippedFlags } from '../node-flags.js';
import type { ShardSet } from './guild-ownership.js';
import { isRelayEnvelope, type RelayEnvelope, shardOfTarget } from './relay-envelope.js';
import { type DeathVerdict, RespawnPolicy, type ShardExit } from './respawn-policy.js';

/** Discord lets one identify through per `shard_id % max_concurrency` bucket every 5 s; discord.js adds margin. */
const IDENTIFY_INTERVAL_MS = 5_500;
/** How long a shard's process may take to connect and receive its guilds. */
const READY_TIMEOUT_MS = 60_000;
/** A shard's process finishes what is in flight on SIGTERM; after this long it is killed. */
const STOP_GRACE_MS = 30_000;
/** How long a shard that gave up before it was ready is given to exit and say why. */
const SHARD_EXIT_WAIT_MS = 10_000;

/** Why the host stops, and the exit code it should stop with. */
export interface HostFailure {
  readonly exitCode: number;
  readonly why: string;
}

export interface ShardLauncherOptions {
  /** The bot's own entry point, `dist/src/main.js`, run once per shard. */
  readonly entry: string;
  readonly token: string;
  /** This host's shards, one process each. */
  readonly shards: ShardSet;
  /** From `GET /gateway/bot`: shards in different buckets may identify at once. */
  readonly maxConcurrency: number;
  readonly log: Logger;
  readonly policy?: RespawnPolicy;
}

/**
 * This host's shards under discord.js's ShardingManager: one child process per shard, each the
 * bot's production entry with SHARDS and SHARD_COUNT set by the manager. The manager's own respawn
 * is off: the launcher decides on each death (see RespawnPolicy) and stops the host when a shard
 * cannot run.
 */
export class ShardLauncher {
  /** Settles when a shard cannot run (see RespawnPolicy): the host should stop. */
  readonly failed: Promise<HostFailure>;
  private fail!: (failure: HostFailure) => void;
  /** The operators listener asks the shards' processes over its IPC (see src/ops/host-ops.ts). */
  readonly manager: ShardingManager;
  private readonly policy: RespawnPolicy;
  private readonly everReady = new Set<number>();
  private readonly startedAt = new Map<number, number>();
  private readonly respawns = new Set<NodeJS.Timeout>();
  private stopping = false;

  constructor(private readonly options: ShardLauncherOptions) {
    this.policy = options.policy ?? new RespawnPolicy();
    this.failed = new Promise((resolve) => {
      this.fail = resolve;
    });
    this.manager = new ShardingManager(options.entry, {
      token: options.token,
      totalShards: options.shards.total,
      shardList: [...options.shards.ids],
      mode: 'process',
      respawn: false,
      // Node's own flags (e.g. --max-old-space-size) apply to the shards too, and the shipped ones
      // (src/node-flags.ts) to a launcher started without them.
      execArgv: withShippedFlags(process.execArgv),
    });
    this.manager.on('shardCreate', (shard) => this.watch(shard));
  }

  /**
   * Starts every shard, spaced so that two of one identify bucket are never closer than Discord
   * allows. Resolves with undefined once all are ready, or with how the host failed if one cannot be.
   */
  start(): Promise<HostFailure | undefined> {
    const delay = Math.ceil(IDENTIFY_INTERVAL_MS / Math.max(1, this.options.maxConcurrency));
    const spawned = this.manager.spawn({ amount: this.options.shards.total, delay, timeout: READY_TIMEOUT_MS }).then(
      () => undefined,
      // A shard whose gateway was closed for good before it was ready exits by itself, saying why:
      // its death (and exit code) is the failure to report, if it comes soon.
      async (error: Error) =>
        (await Promise.race([this.failed, sleep(SHARD_EXIT_WAIT_MS)])) ?? { exitCode: 1, why: error.message },
    );
    return Promise.race([this.failed, spawned]);
  }

  /** SIGTERM to every shard's process (each finishes what is in flight), SIGKILL after a grace period. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.respawns) clearTimeout(timer);
    this.respawns.clear();
    const children = [...this.manager.shards.values()]
      .map((shard) => shard.process)
      .filter((child): child is ChildProcess => child !== null && child.exitCode === null && child.signalCode === null);
    await Promise.all(children.map((child) => stopChild(child)));
  }

  private watch(shard: Shard): void {
    shard.on('spawn', () => {
      this.startedAt.set(shard.id, Date.now());
      this.options.log.info('shard process started', { shard: shard.id, pid: shard.process?.pid });
    });
    shard.on('ready', () => {
      this.everReady.add(shard.id);
      this.options.log.info('shard ready', { shard: shard.id, pid: shard.process?.pid });
    });
    shard.on('message', (message: unknown) => {
      if (isRelayEnvelope(message)) this.relay(message);
    });
    shard.on('death', (child) => {
      // Always a child process: the manager runs in 'process' mode.
      if (this.stopping || !(child instanceof ChildProcess)) return;
      const exit: ShardExit = { code: child.exitCode, signal: child.signalCode };
      const verdict = this.policy.onDeath(shard.id, exit, {
        everReady: this.everReady.has(shard.id),
        uptimeMs: Date.now() - (this.startedAt.get(shard.id) ?? Date.now()),
      });
      this.act(shard, exit, verdict);
    });
  }

  /**
   * A table's message between two shards of this host (docs/activity.md): handed on as it came. One
   * for a shard of another host never comes here (its sender uses PostgreSQL); one for a shard that
   * is down is dropped, and the Activity's relay notices the silence and says "reconnecting".
   */
  private relay(message: RelayEnvelope): void {
    const target = this.manager.shards.get(shardOfTarget(message.cragTable.to));
    target?.send(message).catch(() => undefined);
  }

  private act(shard: Shard, exit: ShardExit, verdict: DeathVerdict): void {
    const { log } = this.options;
    if (verdict.action === 'stop') {
      log.error('a shard cannot run: stopping this host', { shard: shard.id, ...exit, why: verdict.why });
      this.fail({ exitCode: verdict.exitCode, why: verdict.why });
      return;
    }
    log.warn('shard process died; respawning', { shard: shard.id, ...exit, inMs: verdict.inMs });
    const timer = setTimeout(() => {
      this.respawns.delete(timer);
      if (this.stopping) return;
      // A death before ready comes back through `death`; a slow start is only worth a line.
      shard.spawn(READY_TIMEOUT_MS).catch((error: unknown) => {
        if (!this.stopping) log.warn('a respawned shard is not ready yet', { shard: shard.id, error });
      });
    }, verdict.inMs);
    this.respawns.add(timer);
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const guard = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(guard);
}
