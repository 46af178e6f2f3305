import { BotProcess, MEMORY_PROBE_ARGS, runDeploy, SHARDED_ENTRY } from '../harness/kit/bot-process.js';
import { shardProcesses } from '../harness/kit/process-stats.js';
import type { LogLine } from '../harness/node-process.js';

const READY_TIMEOUT_MS = 180_000;
/** The launcher's own grace for its shards is 30 s; past that it is killed. */
const STOP_GRACE_MS = 40_000;

/**
 * The bot as `npm run start:sharded` runs it, from the build, with the bench's memory probe in every
 * shard (the launcher passes its Node flags on): started, killed shard by shard, stopped and
 * started again by the soak.
 */
export class SoakBot {
  private launcher: BotProcess | undefined;
  /** Every launcher's warnings and errors, for the report. */
  readonly launchers: BotProcess[] = [];

  constructor(
    private readonly env: Readonly<Record<string, string>>,
    private readonly cwd: string,
    readonly shards: number,
  ) {}

  async deploy(): Promise<void> {
    await runDeploy(this.env, this.cwd);
  }

  async start(): Promise<void> {
    const launcher = new BotProcess(
      SHARDED_ENTRY,
      { ...this.env, SHARD_COUNT: String(this.shards) },
      this.cwd,
      MEMORY_PROBE_ARGS,
    );
    this.launcher = launcher;
    this.launchers.push(launcher);
    await this.waitReady();
  }

  /** SIGTERM to the launcher (every shard finishes what it has in flight), until it has exited. */
  async stop(): Promise<void> {
    await this.launcher?.stop(STOP_GRACE_MS);
  }

  /** SIGKILL to one shard's process; resolves when the launcher's new one for it is ready. */
  async killShard(shard: number): Promise<boolean> {
    const pid = this.shardPids().get(shard);
    if (pid === undefined) return false;
    process.kill(pid, 'SIGKILL');
    // Back when the launcher says its new process for the shard is ready (its client had every guild).
    await this.waitForLog((line) => line.message === 'shard ready' && line.shard === shard && line.pid !== pid);
    return true;
  }

  shardPids(): Map<number, number> {
    return this.launcher?.running ? shardProcesses(this.launcher.pid) : new Map();
  }

  /** Each shard's memory after a full GC (the probe answers SIGUSR2 on the launcher's stderr). */
  async memory(): Promise<{ pid: number; rssMb: number; heapMb: number }[]> {
    const launcher = this.launcher;
    if (!launcher?.running) return [];
    const samples: { pid: number; rssMb: number; heapMb: number }[] = [];
    for (const pid of this.shardPids().values()) {
      const memory = await launcher.memoryAfterGc(10_000, pid).catch(() => undefined);
      if (memory) samples.push({ pid, rssMb: memory.rssMb, heapMb: memory.heapUsedMb });
    }
    return samples;
  }

  /** The first few error lines the launchers and shards logged, whole, to start a search with. */
  errorExamples(): string[] {
    return this.launchers
      .flatMap((launcher) => launcher.linesAt('error'))
      .slice(0, 5)
      .map((line) => JSON.stringify(line));
  }

  /** Every warning and error the launchers and shards logged, whole, in order per launcher. */
  problemLines(): string[] {
    return this.launchers.flatMap((launcher) =>
      [...launcher.linesAt('warn'), ...launcher.linesAt('error')].map((line) => JSON.stringify(line)),
    );
  }

  /** The warnings and errors the launchers and shards logged, by message. */
  problems(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const launcher of this.launchers) {
      for (const line of [...launcher.linesAt('warn'), ...launcher.linesAt('error')]) {
        const key = `${line.level}: ${line.message}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** Every shard of the launcher is ready: it logs so once all have had their guilds. */
  private waitReady(): Promise<void> {
    return this.waitForLog((line) => line.message === 'shards ready');
  }

  private async waitForLog(wanted: (line: LogLine) => boolean): Promise<void> {
    const launcher = this.launcher;
    if (!launcher) throw new Error('the launcher is not running');
    await launcher.waitForLog(wanted, READY_TIMEOUT_MS, launcher.logs.length);
  }
}
