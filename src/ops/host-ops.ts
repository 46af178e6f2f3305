import type { ChildProcess } from 'node:child_process';
import type { Shard, ShardingManager } from 'discord.js';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { ConfigError } from '../config-error.js';
import type { Logger } from '../log.js';
import type { ShardSet } from '../sharding/guild-ownership.js';
import { hostMetrics, LAUNCHER_LABELS } from './host-metrics.js';
import type { OpsConfig } from './ops-config.js';
import { type OpsServer, startOpsServer } from './ops-server.js';
import { type CheckResult, type ReadinessReport, report } from './readiness.js';
import { isOpsAnswer, type OpsAnswer, type OpsQuestion } from './shard-messages.js';

/** How long a shard's process has to answer the launcher: past it, the shard counts as not ready. */
const SHARD_ANSWER_MS = 1_000;

type What = OpsQuestion['what'];

/**
 * The sharded launcher's side of the operators listener: one /readyz and one /metrics for the host.
 * Each shard's process answers from its own registry and checks over the ShardingManager's IPC
 * channel (see shard-messages.ts); counters are summed across shards (prom-client's
 * AggregatorRegistry), per-shard gauges keep their `shard` label, and the launcher's own series stand
 * beside them with `role="launcher"` (host-metrics.ts). A shard whose process is dead or does not
 * answer makes /readyz 503 until it is back.
 */
export class HostOps {
  private server: OpsServer | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: OpsAnswer) => void>();
  private readonly listening = new WeakSet<Shard>();
  private readonly hostRegistry = new Registry();

  constructor(
    private readonly manager: ShardingManager,
    private readonly shards: ShardSet,
    private readonly log: Logger,
  ) {
    // Node's metrics under their standard names, as the shards' are; role="launcher" sets them apart.
    this.hostRegistry.setDefaultLabels(LAUNCHER_LABELS);
    collectDefaultMetrics({ register: this.hostRegistry });
    const running = (id: number) => this.liveProcess(id) !== undefined;
    new Gauge({
      name: 'crag_shard_process_up',
      help: "Whether each of this host's shards has a running process (1) or not (0).",
      labelNames: ['shard'] as const,
      registers: [this.hostRegistry],
      collect() {
        for (const id of shards.ids) this.set({ shard: String(id) }, running(id) ? 1 : 0);
      },
    });
  }

  async start(listen: NonNullable<OpsConfig['listen']>): Promise<void> {
    const { host, port } = listen;
    this.server = await startOpsServer(
      listen,
      { readiness: () => this.readiness(), metrics: () => this.metrics() },
      this.log,
    ).catch((error: unknown) => {
      throw new ConfigError(`cannot listen on OPS_HOST ${host} OPS_PORT ${port}: ${(error as Error).message}`);
    });
  }

  async close(): Promise<void> {
    await this.server?.close();
  }

  private async readiness(): Promise<ReadinessReport> {
    const checks: Record<string, CheckResult> = {};
    await Promise.all(
      this.shards.ids.map(async (id) => {
        checks[`shard ${id}`] = await this.shardReadiness(id);
      }),
    );
    return report(checks);
  }

  private async shardReadiness(id: number): Promise<CheckResult> {
    const answer = await this.ask(id, 'readiness');
    if (answer === undefined) return { ok: false, detail: 'its process is not running or not answering' };
    if (!('readiness' in answer)) return { ok: false, detail: 'it answered something else' };
    const failed = Object.entries(answer.readiness.checks).filter(([, check]) => !check.ok);
    if (failed.length === 0) return { ok: true };
    return { ok: false, detail: failed.map(([name, check]) => `${name}: ${check.detail ?? 'failed'}`).join('; ') };
  }

  private async metrics(): Promise<{ contentType: string; body: string }> {
    const answers = await Promise.all(this.shards.ids.map((id) => this.ask(id, 'metrics')));
    const fromShards = answers.flatMap((answer) => (answer && 'metrics' in answer ? [answer.metrics] : []));
    const merged = await hostMetrics(fromShards, await this.hostRegistry.getMetricsAsJSON());
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  private liveProcess(id: number): ChildProcess | undefined {
    const child = this.manager.shards.get(id)?.process ?? undefined;
    return child && child.exitCode === null && child.signalCode === null && child.connected ? child : undefined;
  }

  /** Asks one shard's process; undefined if it is not running or did not answer in time. */
  private async ask(id: number, what: What): Promise<OpsAnswer | undefined> {
    const shard = this.manager.shards.get(id);
    if (!shard || this.liveProcess(id) === undefined) return undefined;
    this.listen(shard);
    this.nextId += 1;
    const question: OpsQuestion = { cragOps: 'ask', id: this.nextId, what };
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<OpsAnswer | undefined>((resolve) => {
      this.waiting.set(question.id, resolve);
      timer = setTimeout(() => resolve(undefined), SHARD_ANSWER_MS);
    });
    try {
      await shard.send(question);
      return await answered;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(question.id);
    }
  }

  /** The Shard object outlives its processes (a respawn reuses it): one listener each is enough. */
  private listen(shard: Shard): void {
    if (this.listening.has(shard)) return;
    this.listening.add(shard);
    shard.on('message', (message: unknown) => {
      if (isOpsAnswer(message)) this.waiting.get(message.id)?.(message);
    });
  }
}
