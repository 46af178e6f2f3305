import fs from 'node:fs';
import path from 'node:path';
import { BotProcess, SHARDED_ENTRY } from '../harness/kit/bot-process.js';
import type { LatencySummary } from '../harness/kit/figures.js';
import type { InteractionClock } from '../harness/kit/interaction-clock.js';
import { cpuSeconds, ForeignCpu, procStatusMb, RssSampler, waitUntilIdle } from '../harness/kit/process-stats.js';
import type { LogLine } from '../harness/node-process.js';
import { DEFAULT_REQUESTS_PER_SECOND } from '../src/bot/request-budget.js';
import type { Emulator } from '../src/emulator/index.js';
import type { BenchConfig } from './config.js';
import type { Contender } from './contenders.js';
import { inBatches, type LoadSample, poolSamples, ROUND_TIMEOUT_MS, runLoad, warmUp } from './load.js';
import type { LoadTable } from './tables.js';
import type { BenchServer } from './world.js';
/** One shard, then four: the same machine, the same channels, the same database as it was before either. */
export const SHARD_COUNTS = [1, 4] as const;

/** Where the sharded runs keep their games: a fresh copy for each run, of the database before any play. */
export interface ShardedDatabase {
  readonly kind: 'sqlite' | 'postgres';
  /** Makes the copy for one run; returns the bot's environment for it (DATABASE_PATH or DATABASE_URL). */
  fresh(run: string): Promise<Record<string, string>>;
  /** Processes whose CPU is the bot's too (PostgreSQL's server), beside the shards. */
  serverPids(): readonly number[];
}
export interface ShardFigures {
  readonly shard: number;
  /** Resident memory once started and quiet, and the most it reached during the measured rounds. */
  readonly idleRssMb: number;
  readonly peakRssMb: number;
}

export interface ShardedRun {
  readonly shards: number;
  readonly ips: number;
  readonly latency: LatencySummary;
  readonly failed: number;
  readonly refused: number;
  readonly driverErrors: number;
  /** Interactions that got no answer within 3 s while warming up (a cold start on a busy machine). */
  readonly warmupFailed: number;
  /** What the emulator filed as problems during the run (late answers, failed interactions, 429s). */
  readonly emulatorProblems: number;
  /** 429s of Discord's limits the strict emulator answered during the run (all shards). */
  readonly rateLimit429s: number;
  /** Every shard process's CPU together, per measured interaction. */
  readonly cpuMsPerInteraction: number;
  /** The database server's CPU per measured interaction (0 for SQLite). */
  readonly serverCpuMsPerInteraction: number;
  readonly perShard: readonly ShardFigures[];
  /** Spawn of the launcher until every shard is ready and quiet. */
  readonly startMs: number;
  /** Cores other programs used during the measured rounds. */
  readonly foreignCores: number;
}

type Say = (message: string) => void;

/**
 * The bot under its sharded launcher on one machine, once with one shard and once with four (one
 * process each), on one database (shard processes of one host may share a SQLite file). Each run
 * starts from a copy of the same database and plays the same channels, closed loop, as the
 * head-to-head does: total interactions per second, and each shard's memory.
 */
export async function shardedBench(
  discord: Emulator,
  clock: InteractionClock,
  game: Contender,
  options: {
    readonly database: ShardedDatabase;
    readonly loadServers: readonly BenchServer[];
    readonly config: BenchConfig;
    readonly cwd: string;
    readonly say: Say;
  },
): Promise<ShardedRun[]> {
  const runs: ShardedRun[] = [];
  for (const shards of SHARD_COUNTS) runs.push(await oneRun(discord, clock, game, shards, options));
  return runs;
}

async function oneRun(
  discord: Emulator,
  clock: InteractionClock,
  game: Contender,
  shards: number,
  options: Parameters<typeof shardedBench>[3],
): Promise<ShardedRun> {
  const { config, database } = options;
  const say = (message: string) => options.say(`${database.kind}, ${message}`);
  const { DATABASE_PATH: _file, DATABASE_URL: _url, ...env } = game.env;
  const databaseEnv = await database.fresh(`sharded_${shards}`);
  const started = performance.now();
  const problemsBefore = discord.problems.length;
  const refusedBefore = discord.rateLimitRefusals();
  // The shards share one bot token, so each keeps its share of Discord's global limit, as
  // docs/rate-limits.md tells a sharded bot without a proxy: four whole budgets would send 160 a second.
  const budget = Math.max(1, Math.floor(DEFAULT_REQUESTS_PER_SECOND / shards));
  const launcher = new BotProcess(
    SHARDED_ENTRY,
    {
      ...env,
      ...databaseEnv,
      SHARD_COUNT: String(shards),
      LOG_LEVEL: 'info',
      REST_REQUESTS_PER_SECOND: String(budget),
    },
    options.cwd,
  );
  const samplers: RssSampler[] = [];
  try {
    await discord.waitForBotReady(game.appId, { shardCount: shards, timeoutMs: 120_000 });
    // The shard processes' ids, in shard order, as the launcher logs them.
    const pids = await Promise.all(
      Array.from({ length: shards }, async (_, shard) => {
        const started = (line: LogLine) => line.message === 'shard process started' && line.shard === shard;
        return (await launcher.waitForLog(started, 60_000)).pid as number;
      }),
    );
    for (const pid of pids) await waitUntilIdle(pid);
    const startMs = performance.now() - started;
    const idleRss = pids.map((pid) => procStatusMb(pid, 'VmRSS'));
    samplers.push(...pids.map((pid) => new RssSampler(pid)));

    say(`${shards} shard(s): posting ${options.loadServers.length} boards, warming up…`);
    const tables: LoadTable[] = [];
    await inBatches(options.loadServers, config.stagger, async (server, index) => {
      tables[index] = await game.openTable(server, index);
    });
    const warmupFailed = await warmUp(clock, tables, config.warmup, config.stagger);
    for (const sampler of samplers) sampler.takePeak();

    const foreign = new ForeignCpu(() => [process.pid, launcher.pid, ...pids, ...database.serverPids()]);
    const cpuOf = (of: readonly number[]) => of.reduce((sum, pid) => sum + (cpuSeconds(pid) || 0), 0);
    const cpuBefore = cpuOf(pids);
    const serverBefore = cpuOf(database.serverPids());
    const samples: LoadSample[] = [];
    const perRound = Math.ceil(config.timed / config.rounds);
    for (let round = 0; round < config.rounds; round += 1) {
      foreign.start();
      const sample = await runLoad(clock, tables, { count: perRound, measured: true, timeoutMs: ROUND_TIMEOUT_MS });
      foreign.stop();
      samples.push(sample);
      say(
        `${shards} shard(s), round ${round + 1}/${config.rounds}: ${(sample.latencies.length / (sample.windowMs / 1000)).toFixed(0)} interactions/s`,
      );
    }
    const pooled = poolSamples(samples);
    const peaks = samplers.map((sampler) => sampler.takePeak());
    const refused = discord.rateLimitRefusals();
    return {
      shards,
      ips: pooled.ips,
      latency: pooled.latency,
      failed: pooled.failed,
      refused: pooled.refused,
      driverErrors: pooled.driverErrors,
      warmupFailed,
      emulatorProblems: discord.problems.length - problemsBefore,
      rateLimit429s: refused.global + refused.route - refusedBefore.global - refusedBefore.route,
      cpuMsPerInteraction: ((cpuOf(pids) - cpuBefore) * 1000) / pooled.latency.count,
      serverCpuMsPerInteraction: ((cpuOf(database.serverPids()) - serverBefore) * 1000) / pooled.latency.count,
      perShard: pids.map((_, shard) => ({ shard, idleRssMb: idleRss[shard]!, peakRssMb: peaks[shard]! })),
      startMs,
      foreignCores: foreign.cores(),
    };
  } finally {
    for (const sampler of samplers) sampler.stop();
    await launcher.stop(30_000);
  }
}

/** A copy of a SQLite file for each run, beside it. */
export function sqliteCopies(file: string): ShardedDatabase {
  return {
    kind: 'sqlite',
    fresh: async (run) => {
      const copy = path.join(path.dirname(file), `${run}.sqlite`);
      fs.copyFileSync(file, copy);
      return { DATABASE_PATH: copy };
    },
    serverPids: () => [],
  };
}

/** What goes into latest.json. */
export function shardedJson(runs: readonly ShardedRun[], database: string): Record<string, unknown> {
  const [one, four] = runs;
  return {
    runs: runs.map((run) => ({
      shards: run.shards,
      interactions_per_s: run.ips,
      p50_ms: run.latency.p50,
      p99_ms: run.latency.p99,
      failed: run.failed,
      refused: run.refused,
      driver_errors: run.driverErrors,
      warmup_failed: run.warmupFailed,
      emulator_problems: run.emulatorProblems,
      rate_limit_429s: run.rateLimit429s,
      cpu_ms_per_interaction_all_shards: run.cpuMsPerInteraction,
      server_cpu_ms_per_interaction: run.serverCpuMsPerInteraction,
      start_to_all_ready_ms: run.startMs,
      other_programs_cpu_cores_during_rounds: run.foreignCores,
      per_shard: run.perShard.map((shard) => ({
        shard: shard.shard,
        idle_rss_mb: shard.idleRssMb,
        peak_rss_during_rounds_mb: shard.peakRssMb,
      })),
    })),
    four_against_one_throughput: one && four ? four.ips / one.ips : Number.NaN,
    database,
  };
}

/** One line of the printed summary for the runs of one database. */
export function describeShardedRun(run: ShardedRun): string {
  const perShard = (pick: (shard: ShardedRun['perShard'][number]) => number) =>
    run.perShard.map((shard) => pick(shard).toFixed(0)).join('/');
  return (
    `${run.shards} shard(s) ${run.ips.toFixed(0)} interactions/s (p99 ${run.latency.p99.toFixed(0)} ms, ` +
    `CPU ${run.cpuMsPerInteraction.toFixed(2)} + server ${run.serverCpuMsPerInteraction.toFixed(2)} ms per interaction, ` +
    `RSS per shard ${perShard((shard) => shard.idleRssMb)} MB idle, ${perShard((shard) => shard.peakRssMb)} MB peak, ` +
    `failed ${run.failed} (warming up ${run.warmupFailed}), other programs ${run.foreignCores.toFixed(2)} cores)`
  );
}
