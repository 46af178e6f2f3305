import { BotProcess, MEMORY_PROBE_ARGS, type MemoryAfterGc } from '../harness/kit/bot-process.js';
import { type LatencySummary, summarize } from '../harness/kit/figures.js';
import type { InteractionClock } from '../harness/kit/interaction-clock.js';
import {
  cpuSeconds,
  cpuSecondsByThreadGroup,
  procStatusMb,
  RssSampler,
  THREAD_GROUPS,
  type ThreadGroup,
  waitUntilIdle,
} from '../harness/kit/process-stats.js';
import type { Emulator, RestRequestView } from '../src/emulator/index.js';
import type { Contender, LobbyRecord } from './contenders.js';
import { monotonicMicros, type Span } from './cpu-profile.js';
import { inBatches, type LoadSample, ROUND_TIMEOUT_MS, runLoad, warmUp } from './load.js';
import type { LoadTable } from './tables.js';
import type { BenchServer } from './world.js';

export interface LobbyFigures extends LatencySummary {
  readonly failed: number;
  readonly refused: number;
}

/** A contender's process while the bench drives it: spawned, measured, stopped. */
export class RunningContender {
  readonly samples: LoadSample[] = [];
  /** When the measured rounds ran, to cut a CPU profile down to them. */
  readonly measuredSpans: Span[] = [];
  /** REST requests the bot made during the measured rounds, by route (`POST /interactions/…`). */
  readonly restDuringRounds = new Map<string, number>();
  /** Spawn until the emulator had sent READY and every GUILD_CREATE. */
  gatewayReadyMs = Number.NaN;
  /** Once connected and quiet, after a full GC. */
  idleMemory: MemoryAfterGc = {
    rssMb: Number.NaN,
    heapUsedMb: Number.NaN,
    heapTotalMb: Number.NaN,
    externalMb: Number.NaN,
    spacesMb: {},
  };
  loadPeakRssMb = 0;
  /** Interactions that failed (no answer within 3 s) while warming up. */
  warmupFailed = 0;
  /** 429s the emulator (with its strict limits on) answered this bot, over its whole run. */
  rateLimited = 0;
  private cpuDuringRounds = 0;
  private benchCpuDuringRounds = 0;
  private readonly threadCpuDuringRounds: Record<ThreadGroup, number> = { main: 0, runtime: 0, workers: 0 };
  private interactionsInRounds = 0;
  private tables: LoadTable[] = [];
  private boardLatencies: number[] = [];
  private readonly bot: BotProcess;
  private readonly sampler: RssSampler;
  private readonly countRateLimited = (request: RestRequestView) => {
    if (request.status === 429 && request.appId === this.contender.appId) this.rateLimited += 1;
  };

  constructor(
    private readonly discord: Emulator,
    private readonly clock: InteractionClock,
    readonly contender: Contender,
    options: { cwd: string; nodeArgs?: readonly string[] },
  ) {
    this.bot = new BotProcess(contender.entry, contender.env, options.cwd, [
      ...MEMORY_PROBE_ARGS,
      ...(options.nodeArgs ?? []),
    ]);
    this.sampler = new RssSampler(this.bot.pid);
    discord.on('restRequest', this.countRateLimited);
  }

  get pid(): number {
    return this.bot.pid;
  }

  get name(): string {
    return this.contender.name;
  }

  /** Spawn until the bot's own "ready" log line (every GUILD_CREATE handled); needs LOG_LEVEL=info. */
  readyLogMs(timeoutMs: number): Promise<number> {
    return this.bot.ready(timeoutMs);
  }

  /** Waits for the gateway session, then for the process to go quiet (start-up work done). */
  async ready(): Promise<void> {
    const exited = this.bot.exited.then(() => {
      throw new Error(`${this.name} exited before it connected:\n${this.bot.otherOutput.slice(-20).join('\n')}`);
    });
    await Promise.race([this.discord.waitForBotReady(this.contender.appId, { timeoutMs: 60_000 }), exited]);
    this.gatewayReadyMs = performance.now() - this.bot.spawnedAt;
    await waitUntilIdle(this.bot.pid);
    this.idleMemory = await this.bot.memoryAfterGc();
    this.sampler.takePeak();
  }

  /** Posts a board in each channel, `stagger` channels at a time. */
  async openTables(servers: readonly BenchServer[], stagger: number): Promise<void> {
    this.tables = [];
    await inBatches(servers, stagger, async (server, index) => {
      const started = performance.now();
      this.tables[index] = await this.contender.openTable(server, index);
      this.boardLatencies.push(performance.now() - started);
    });
  }

  /** Warms the process up before anything is measured (load.ts); returns the interactions that failed. */
  async warmUp(count: number, stagger: number): Promise<number> {
    this.warmupFailed = await warmUp(this.clock, this.tables, count, stagger);
    return this.warmupFailed;
  }

  async measuredRound(count: number): Promise<LoadSample> {
    const cpuBefore = cpuSeconds(this.bot.pid);
    const threadsBefore = cpuSecondsByThreadGroup(this.bot.pid);
    const benchBefore = process.cpuUsage();
    const from = monotonicMicros();
    this.discord.resetRestCounts();
    const sample = await runLoad(this.clock, this.tables, { count, measured: true, timeoutMs: ROUND_TIMEOUT_MS });
    this.measuredSpans.push({ from, to: monotonicMicros() });
    for (const [route, requests] of Object.entries(this.discord.restCounts())) {
      this.restDuringRounds.set(route, (this.restDuringRounds.get(route) ?? 0) + requests);
    }
    this.cpuDuringRounds += cpuSeconds(this.bot.pid) - cpuBefore;
    const threadsAfter = cpuSecondsByThreadGroup(this.bot.pid);
    for (const group of THREAD_GROUPS) this.threadCpuDuringRounds[group] += threadsAfter[group] - threadsBefore[group];
    const bench = process.cpuUsage(benchBefore);
    this.benchCpuDuringRounds += (bench.user + bench.system) / 1e6;
    this.interactionsInRounds += sample.latencies.length;
    this.loadPeakRssMb = Math.max(this.loadPeakRssMb, this.sampler.takePeak());
    this.samples.push(sample);
    return sample;
  }

  /** A round at a steady rate below saturation (people pausing `thinkMs` on average): latency as felt. */
  async pacedRound(count: number, thinkMs: number): Promise<LoadSample> {
    return runLoad(this.clock, this.tables, { count, measured: true, timeoutMs: ROUND_TIMEOUT_MS, thinkMs });
  }

  /** The bot's CPU time per measured interaction (its own work only, emulator and driver excluded). */
  get cpuMsPerInteraction(): number {
    return (this.cpuDuringRounds * 1000) / this.interactionsInRounds;
  }

  /**
   * The same by group of threads (see `cpuSecondsByThreadGroup`): where the CPU beyond the main
   * thread goes. A worker that ended during a round is missing, so the sum can fall a little short
   * of `cpuMsPerInteraction`.
   */
  get cpuMsPerInteractionByThread(): Record<ThreadGroup, number> {
    const perInteraction = (group: ThreadGroup) =>
      (this.threadCpuDuringRounds[group] * 1000) / this.interactionsInRounds;
    return { main: perInteraction('main'), runtime: perInteraction('runtime'), workers: perInteraction('workers') };
  }

  /** The bench process's CPU (emulator and virtual users) per measured interaction of this bot. */
  get benchCpuMsPerInteraction(): number {
    return (this.benchCpuDuringRounds * 1000) / this.interactionsInRounds;
  }

  get openBoards(): LatencySummary {
    return summarize(this.boardLatencies);
  }

  /** Opens a new game in each channel (`firstIndex` numbers them after the load channels). */
  async openLobbies(servers: readonly BenchServer[], firstIndex: number, stagger: number): Promise<LobbyFigures> {
    const record: LobbyRecord = { latencies: [], failed: 0, refused: 0 };
    await inBatches(servers, stagger, (server, index) => this.contender.openLobby(server, firstIndex + index, record));
    return { ...summarize(record.latencies), failed: record.failed, refused: record.refused };
  }

  /** Once quiet: resident memory as it is, the peak over the process's life, and after a full GC. */
  async settledMemory(): Promise<{ rssBeforeGcMb: number; hwmMb: number; afterGc: MemoryAfterGc }> {
    await waitUntilIdle(this.bot.pid);
    const rssBeforeGcMb = procStatusMb(this.bot.pid, 'VmRSS');
    const hwmMb = procStatusMb(this.bot.pid, 'VmHWM');
    return { rssBeforeGcMb, hwmMb, afterGc: await this.bot.memoryAfterGc() };
  }

  logLines(): { warn: number; error: number; first: string[] } {
    const errors = this.bot.linesAt('error');
    const warnings = this.bot.linesAt('warn');
    return {
      warn: warnings.length,
      error: errors.length,
      first: [...errors, ...warnings].slice(0, 5).map((line) => JSON.stringify(line)),
    };
  }

  async stop(): Promise<void> {
    this.sampler.stop();
    this.discord.off('restRequest', this.countRateLimited);
    // Generous: a bot under --cpu-prof writes its whole profile before it exits.
    await this.bot.stop(30_000);
  }
}
