import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runDeploy } from '../harness/kit/bot-process.js';
import { InteractionClock } from '../harness/kit/interaction-clock.js';
import { describeMachine } from '../harness/kit/machine.js';
import { cpuSeconds, ForeignCpu, procStatusMb } from '../harness/kit/process-stats.js';
import { startEmulator } from '../src/emulator/index.js';
import { gameContender } from './contenders.js';
import type { BenchContext, StepResult } from './context.js';
import { createFullShardWorld, FULL_GUILD } from './full-shard-world.js';
import { buildHistoryDatabase } from './history-db.js';
import { poolSamples } from './load.js';
import { residentMappingsMb } from './resident-mappings.js';
import { RunningContender } from './running-contender.js';

/** The bot's caches as shipped, and discord.js's own (the "before"). */
const PROFILES = ['discordjs-defaults', 'cut'] as const;
type Profile = (typeof PROFILES)[number];

export const FULL_SHARD_TARGETS = { rssMbBelow: 150, readySBelow: 10, pacedP99MsBelow: 15 } as const;

interface ProfileFigures {
  readonly ready_s: number;
  readonly gateway_ready_s: number;
  readonly rss_at_ready_mb: number;
  readonly rss_mb: number;
  readonly heap_mb: number;
  /** Where the rest of RSS is: V8's committed heap, its young generation, memory outside it. */
  readonly heap_total_mb: number;
  readonly new_space_mb: number;
  readonly external_mb: number;
  /** The same moment's RSS by mapping (bench/resident-mappings.ts). */
  readonly rss_by_mapping_mb: Record<string, number>;
  readonly paced_p50_ms: number;
  readonly paced_p99_ms: number;
  readonly paced_interactions_per_second: number;
  readonly paced_failed: number;
  /** The bot's CPU per paced click, every thread: what a click costs, whatever the machine's load. */
  readonly paced_cpu_ms_per_click: number;
  /** How late the bench process's event loop ran (the emulator and the virtual users): its share of a slow click. */
  readonly emulator_loop_delay_p99_ms: number;
  readonly warmup_failed: number;
  /** Cores other programs took from spawn to the end of the paced round, and the 1-minute load average then. */
  readonly other_programs_cores: number;
  readonly load_average: readonly [number, number];
}

/**
 * `full-shard`: one shard at Discord's full size (bench/full-shard-world.ts), on a strict emulator
 * of its own, with `games` games in play. For each cache profile a fresh bot process: spawn to its
 * "ready" line (every GUILD_CREATE handled), RSS and heap after a full GC once quiet, then a warm-up
 * and clicks at the paced rate in `tables` of the channels with a game.
 */
export async function benchFullShard(
  context: BenchContext,
  sizes: { guilds: number; games: number; tables: number; warmup: number; paced: number; pacedRate: number },
  say: (message: string) => void,
): Promise<StepResult> {
  const discord = await startEmulator({ rateLimits: true });
  try {
    say(`full shard: ${sizes.guilds} guilds of ${FULL_GUILD.members} members…`);
    const world = createFullShardWorld(discord, sizes.guilds);
    const dbPath = `${context.dir}/full-shard.sqlite`;
    say(`full shard: ${sizes.games} games in play…`);
    await buildHistoryDatabase({ kind: 'sqlite', path: dbPath }, world.servers, 1, sizes.games);
    const env = {
      DISCORD_TOKEN: world.crag.token,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_PATH: dbPath,
      LOG_LEVEL: 'info',
      COMPUTER_PAUSE_MS: '20',
      COOLDOWN_MS: '0',
      // BENCH_BOT_NODE_OPTIONS, to weigh a flag here as in the other steps.
      ...(context.config.botNodeOptions ? { NODE_OPTIONS: context.config.botNodeOptions } : {}),
    };
    await runDeploy({ ...env, DISCORD_CLIENT_ID: world.crag.id }, context.dir);
    const figures: Partial<Record<Profile, ProfileFigures>> = {};
    for (const profile of PROFILES) {
      const clock = new InteractionClock(discord);
      const contender = gameContender(discord, { ...world, baseline: world.crag }, clock, {
        ...env,
        DISCORD_CACHES: profile,
      });
      const bot = new RunningContender(discord, clock, contender, { cwd: context.dir });
      const foreign = new ForeignCpu(() => [process.pid, bot.pid]);
      const loadBefore = loadavg()[0] ?? Number.NaN;
      foreign.start();
      try {
        const readyMs = await bot.readyLogMs(180_000);
        const rssAtReady = procStatusMb(bot.pid, 'VmRSS');
        await bot.ready();
        const rssByMapping = residentMappingsMb(bot.pid);
        const tables = world.servers.slice(0, Math.min(sizes.tables, sizes.games));
        await bot.openTables(tables, 20);
        const warmupFailed = await bot.warmUp(sizes.warmup, 20);
        const loopDelay = monitorEventLoopDelay({ resolution: 10 });
        const cpuBefore = cpuSeconds(bot.pid);
        loopDelay.enable();
        const paced = poolSamples([await bot.pacedRound(sizes.paced, (tables.length / sizes.pacedRate) * 1000)]);
        loopDelay.disable();
        const pacedCpuMs = ((cpuSeconds(bot.pid) - cpuBefore) * 1000) / Math.max(1, paced.latency.count);
        foreign.stop();
        figures[profile] = {
          ready_s: readyMs / 1000,
          gateway_ready_s: bot.gatewayReadyMs / 1000,
          rss_at_ready_mb: rssAtReady,
          rss_mb: bot.idleMemory.rssMb,
          heap_mb: bot.idleMemory.heapUsedMb,
          heap_total_mb: bot.idleMemory.heapTotalMb,
          new_space_mb: bot.idleMemory.spacesMb.new_space ?? 0,
          external_mb: bot.idleMemory.externalMb,
          rss_by_mapping_mb: rssByMapping,
          paced_p50_ms: paced.latency.p50,
          paced_p99_ms: paced.latency.p99,
          paced_interactions_per_second: paced.ips,
          paced_failed: paced.failed,
          paced_cpu_ms_per_click: pacedCpuMs,
          emulator_loop_delay_p99_ms: loopDelay.percentile(99) / 1e6,
          warmup_failed: warmupFailed,
          other_programs_cores: foreign.cores(),
          load_average: [loadBefore, loadavg()[0] ?? Number.NaN],
        };
        say(`full shard, caches ${profile}: ${JSON.stringify(figures[profile])}`);
      } finally {
        await bot.stop();
        clock.close();
      }
    }
    const cut = figures.cut as ProfileFigures;
    const before = figures['discordjs-defaults'] as ProfileFigures;
    const json = {
      full_shard: {
        'full_shard.rss_mb': cut.rss_mb,
        'full_shard.heap_mb': cut.heap_mb,
        'full_shard.ready_s': cut.ready_s,
        'full_shard.paced_p99_ms': cut.paced_p99_ms,
        shipped_caches: cut,
        discordjs_default_caches: before,
        targets: {
          rss_mb_below: FULL_SHARD_TARGETS.rssMbBelow,
          rss_met: cut.rss_mb < FULL_SHARD_TARGETS.rssMbBelow,
          ready_s_below: FULL_SHARD_TARGETS.readySBelow,
          ready_met: cut.ready_s < FULL_SHARD_TARGETS.readySBelow,
          paced_p99_ms_below: FULL_SHARD_TARGETS.pacedP99MsBelow,
          paced_p99_met: cut.paced_p99_ms < FULL_SHARD_TARGETS.pacedP99MsBelow,
        },
        load: { ...sizes, guild: FULL_GUILD },
        machine: describeMachine(),
        bot_node_options: context.config.botNodeOptions || null,
        note: 'RSS and heap after a full GC, once quiet after ready (harness/kit/memory-probe.ts); ready: spawn to the bot’s "ready" log line',
      },
    };
    const line = (name: string, f: ProfileFigures) =>
      `full shard (${sizes.guilds} guilds, ${sizes.games} games), caches ${name}: ready ${f.ready_s.toFixed(1)} s, RSS ${f.rss_mb.toFixed(0)} MB, heap ${f.heap_mb.toFixed(0)} MB after GC, paced p99 ${f.paced_p99_ms.toFixed(1)} ms (${f.paced_cpu_ms_per_click.toFixed(2)} ms CPU a click, the emulator's loop ${f.emulator_loop_delay_p99_ms.toFixed(0)} ms late at p99; other programs ${f.other_programs_cores.toFixed(2)} cores, load average ${f.load_average.map((l) => l.toFixed(1)).join('–')})`;
    return { json, lines: [line('discord.js defaults', before), line('shipped', cut)] };
  } finally {
    await discord.stop();
  }
}
