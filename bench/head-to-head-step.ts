import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MemoryAfterGc } from '../harness/kit/bot-process.js';
import { BOT_ENTRY } from '../harness/kit/bot-process.js';
import { median } from '../harness/kit/figures.js';
import { InteractionClock } from '../harness/kit/interaction-clock.js';
import { describeMachine } from '../harness/kit/machine.js';
import { BASELINE_ENTRY, baselineContender, gameContender, persistingContender } from './contenders.js';
import { type BenchContext, countActiveGames, type StepResult, say } from './context.js';
import { mainThreadProfile, summarizeCpuProfile } from './cpu-profile.js';
import { type HeadToHead, headToHead } from './head-to-head.js';
import { LoadAverage, persistingReport } from './persisting-report.js';
import { type ContenderFigures, contenderJson, historyJson, ratiosJson, TARGETS, table } from './report.js';
import { measureStartup, type StartupRun } from './startup.js';

/**
 * Steps 2 to 6 (`head-to-head`): the start-ups on the world's database, then the bot and the
 * baseline side by side (bench/head-to-head.ts), then fresh idle processes of both for the memory
 * figures. Its entries are latest.json's top level: the ratios, `memory`, `targets`, `machine`,
 * `load`, `game`, `baseline`, `startup`, and `persisting_baseline`: the bot against the persisting
 * baseline (bench/persisting-baseline.ts), which runs in the same rounds.
 */
export async function headToHeadStep(context: BenchContext): Promise<StepResult> {
  const { config, dir } = context;
  const { discord } = await context.world();
  const history = await context.sqliteHistory();
  const dbPath = history.path;
  const botEnv = { ...(await context.botEnv()), DATABASE_PATH: dbPath };
  const baselineEnv = await context.baselineEnv();
  const machine = describeMachine();
  const loadAverage = new LoadAverage();
  say(`start-up × ${config.startupRuns}…`);
  const startup = await measureStartup(BOT_ENTRY, botEnv, dir, config.startupRuns, { settle: true });

  const profileDir = path.join(dir, 'cpu-profile');
  const persistingEnv = await context.persistingEnv('head-to-head');
  const { game, baseline, persisting, foreignCores, emulatorLoopDelayMs } = await sideBySide(context, botEnv, {
    withPersisting: true,
    profileDir: config.cpuProfile ? profileDir : undefined,
    countActiveGames: async () => countActiveGames(dbPath),
    say,
  });

  // Fresh processes, idle, the game bot on the database that now has a game in every channel:
  // memory owed to the games themselves, not to the load that came before.
  say('fresh processes: the bot with a game in every channel, and the baseline…');
  const activeNow = countActiveGames(dbPath);
  // RSS differs by several MB between two starts of the same process: medians of a few. Both
  // readings (at once, and settled: see bench/startup.ts); the targets are judged on the settled one.
  const medians = (runs: readonly StartupRun[], reading: (run: StartupRun) => MemoryAfterGc) => ({
    rssMb: median(runs.map((run) => reading(run).rssMb)),
    heapUsedMb: median(runs.map((run) => reading(run).heapUsedMb)),
    newSpaceMb: median(runs.map((run) => reading(run).spacesMb.new_space ?? Number.NaN)),
  });
  const settledReading = (run: StartupRun): MemoryAfterGc => {
    if (!run.settled) throw new Error('a start-up run without its settled reading');
    return run.settled.memory;
  };
  const freshGameRuns = await measureStartup(BOT_ENTRY, botEnv, dir, config.startupRuns, { settle: true });
  const freshBaselineRuns = await measureStartup(BASELINE_ENTRY, baselineEnv, dir, config.startupRuns, {
    settle: true,
  });
  const freshGame = medians(freshGameRuns, settledReading);
  const freshBaseline = medians(freshBaselineRuns, settledReading);
  const freshGameAtOnce = medians(freshGameRuns, (run) => run.atOnce);
  const freshBaselineAtOnce = medians(freshBaselineRuns, (run) => run.atOnce);
  const atStartup = medians(startup, settledReading);
  const settling = (runs: readonly StartupRun[]) => ({
    settle_s_median: median(runs.map((run) => (run.settled?.afterMs ?? Number.NaN) / 1000)),
    settled_in_time: runs.filter((run) => run.settled?.inTime).length,
    runs: runs.length,
  });

  const ratios = ratiosJson(game, baseline);
  const { throughput_ratio: throughputRatio, p99_ratio: p99Ratio, round_ratios: roundRatios } = ratios;
  const cpuRatio = game.cpuMsPerInteraction / baseline.cpuMsPerInteraction;
  const mainThreadCpuRatio = game.cpuMsPerInteractionByThread.main / baseline.cpuMsPerInteractionByThread.main;
  // Memory, after a full GC each time. The target's figure: fresh idle processes, the bot holding a
  // game in every channel, against the baseline in the same guilds, per 1,000 active games.
  const rssAbovePer1000 = ((freshGame.rssMb - freshBaseline.rssMb) * 1000) / activeNow;
  const rssAbovePer1000AtOnce = ((freshGameAtOnce.rssMb - freshBaselineAtOnce.rssMb) * 1000) / activeNow;
  // What each further game costs: the fresh bot now against the start-up runs (200 games in play).
  const morePer1000 = (now: number, before: number) => ((now - before) * 1000) / (activeNow - config.channels);
  const marginalPer1000 = morePer1000(freshGame.rssMb, atStartup.rssMb);
  const marginalHeapPer1000 = morePer1000(freshGame.heapUsedMb, atStartup.heapUsedMb);
  // After the same load for both: what the load left behind, and what the heap really keeps.
  const afterLoadAbovePer1000 =
    ((game.allChannelsMemory.rssMb - baseline.allChannelsMemory.rssMb) * 1000) / game.activeGames;
  const heapGrowth = (figures: ContenderFigures) =>
    figures.allChannelsMemory.heapUsedMb - figures.idleMemory.heapUsedMb;
  const heapKeptAbovePer1000 = ((heapGrowth(game) - heapGrowth(baseline)) * 1000) / game.activeGames;

  const report = {
    ...ratios,
    // How far the rounds' throughput ratios lie apart: rounds long enough agree within ±0.1.
    round_throughput_ratio_spread:
      Math.max(...roundRatios.map((r) => r.throughput)) - Math.min(...roundRatios.map((r) => r.throughput)),
    cpu_ratio: cpuRatio,
    main_thread_cpu_ratio: mainThreadCpuRatio,
    rss_above_baseline_per_1000_active_games_mb: rssAbovePer1000,
    memory: {
      active_games: activeNow,
      fresh_game_rss_mb: freshGame.rssMb,
      fresh_game_heap_used_mb: freshGame.heapUsedMb,
      fresh_baseline_rss_mb: freshBaseline.rssMb,
      fresh_baseline_heap_used_mb: freshBaseline.heapUsedMb,
      fresh_game_new_space_mb: freshGame.newSpaceMb,
      fresh_baseline_new_space_mb: freshBaseline.newSpaceMb,
      fresh_game_settling: settling(freshGameRuns),
      fresh_baseline_settling: settling(freshBaselineRuns),
      // Read at once after start-up instead: the young generation still at start-up's high mark.
      rss_above_baseline_per_1000_active_games_at_once_mb: rssAbovePer1000AtOnce,
      fresh_game_rss_at_once_mb: freshGameAtOnce.rssMb,
      fresh_baseline_rss_at_once_mb: freshBaselineAtOnce.rssMb,
      fresh_game_new_space_at_once_mb: freshGameAtOnce.newSpaceMb,
      fresh_baseline_new_space_at_once_mb: freshBaselineAtOnce.newSpaceMb,
      rss_per_1000_more_active_games_mb: marginalPer1000,
      heap_used_per_1000_more_active_games_mb: marginalHeapPer1000,
      after_load_rss_above_baseline_per_1000_active_games_mb: afterLoadAbovePer1000,
      after_load_heap_kept_above_baseline_per_1000_active_games_mb: heapKeptAbovePer1000,
      note: 'RSS and heap after a full GC (node --expose-gc, SIGUSR2 to harness/kit/memory-probe). Fresh figures are settled: read again every 2 s until new_space has shrunk and RSS is steady (bench/startup.ts). V8 keeps heap pages it once grew into, so RSS after a load stays near its high-water mark',
    },
    targets: {
      throughput_ratio_at_least: TARGETS.throughputRatioAtLeast,
      throughput_ratio_met: throughputRatio >= TARGETS.throughputRatioAtLeast,
      p99_ratio_at_most: TARGETS.p99RatioAtMost,
      p99_ratio_met: p99Ratio <= TARGETS.p99RatioAtMost,
      cpu_ratio_at_most: TARGETS.cpuRatioAtMost,
      cpu_ratio_met: cpuRatio <= TARGETS.cpuRatioAtMost,
      main_thread_cpu_ratio_met: mainThreadCpuRatio <= TARGETS.cpuRatioAtMost,
      rss_above_baseline_per_1000_active_games_mb_below: TARGETS.rssAboveBaselinePer1000GamesMbBelow,
      rss_met: rssAbovePer1000 < TARGETS.rssAboveBaselinePer1000GamesMbBelow,
      rss_per_1000_more_active_games_below_target: marginalPer1000 < TARGETS.rssAboveBaselinePer1000GamesMbBelow,
    },
    machine: {
      ...machine,
      other_programs_cpu_cores_during_rounds: foreignCores,
      load_average_1m_during_step: loadAverage.stop(),
    },
    load: {
      servers: config.servers,
      channels: config.channels,
      warmup_interactions_each: config.warmup,
      timed_interactions_each: config.timed,
      rounds: config.rounds,
      bot_node_options: config.botNodeOptions || null,
      paced_interactions_each: config.paced,
      paced_offered_rate: config.pacedRate,
      stagger: config.stagger,
      memory_channels: config.servers - config.channels,
      latency:
        'from the virtual-user call (INTERACTION_CREATE sent) to the callback arriving at the emulator; closed loop, one interaction in flight per channel',
    },
    game: contenderJson(game),
    baseline: contenderJson(baseline),
    startup: {
      guilds: config.servers,
      ...historyJson(history),
      ready_ms_median: median(startup.map((run) => run.readyMs)),
      rss_at_ready_mb_median: median(startup.map((run) => run.rssAtReadyMb)),
      rss_at_once_after_gc_mb_median: median(startup.map((run) => run.atOnce.rssMb)),
      rss_settled_after_gc_mb_median: atStartup.rssMb,
      heap_used_settled_after_gc_mb_median: atStartup.heapUsedMb,
      ...settling(startup),
      stop_ms_median: median(startup.map((run) => run.stopMs)),
      fresh_game_ready_ms: median(freshGameRuns.map((run) => run.readyMs)),
      baseline_ready_ms: median(freshBaselineRuns.map((run) => run.readyMs)),
      baseline_gateway_ready_ms: baseline.gatewayReadyMs,
      game_gateway_ready_ms: game.gatewayReadyMs,
      runs: startup,
    },
    emulator_loop_delay_ms_during_rounds: emulatorLoopDelayMs,
  };
  const check = (met: boolean) => (met ? 'met' : 'NOT met');
  const lines = [
    table(game, baseline),
    `throughput_ratio ${throughputRatio.toFixed(2)} (target ≥ ${TARGETS.throughputRatioAtLeast}: ${check(report.targets.throughput_ratio_met)}); per round ${roundRatios.map((r) => r.throughput.toFixed(2)).join(', ')}, spread ${report.round_throughput_ratio_spread.toFixed(2)}`,
    `p99_ratio ${p99Ratio.toFixed(2)} (target ≤ ${TARGETS.p99RatioAtMost}: ${check(report.targets.p99_ratio_met)}); per round ${roundRatios.map((r) => r.p99.toFixed(2)).join(', ')}`,
    `cpu_ratio ${cpuRatio.toFixed(2)} all threads, ${mainThreadCpuRatio.toFixed(2)} main thread (target ≤ ${TARGETS.cpuRatioAtMost}: ${check(report.targets.cpu_ratio_met)}, ${check(report.targets.main_thread_cpu_ratio_met)})`,
    `RSS above the baseline per 1,000 active games: ${rssAbovePer1000.toFixed(1)} MB (fresh idle processes once settled, ${activeNow} games; target < ${TARGETS.rssAboveBaselinePer1000GamesMbBelow}: ${check(report.targets.rss_met)}; ${rssAbovePer1000AtOnce.toFixed(1)} MB read at once); each 1,000 more games ${marginalPer1000.toFixed(1)} MB RSS, ${marginalHeapPer1000.toFixed(1)} MB heap; after the load ${afterLoadAbovePer1000.toFixed(1)} MB above, heap kept ${heapKeptAbovePer1000.toFixed(1)} MB above`,
    `start-up, ${config.servers} guilds and ${history.finishedGames} finished games: "ready" in ${report.startup.ready_ms_median.toFixed(0)} ms (median of ${startup.length}), RSS ${report.startup.rss_settled_after_gc_mb_median.toFixed(1)} MB once settled (after a GC)`,
    `strict emulator: 429s game ${game.rateLimited}, baseline ${baseline.rateLimited} (every step: ${discord.rateLimitRefusals().global} global, ${discord.rateLimitRefusals().route} route); its event loop late by p99 ${emulatorLoopDelayMs.p99.toFixed(0)} / max ${emulatorLoopDelayMs.max.toFixed(0)} ms during the rounds`,
    `failed (saturated + paced + lobbies): game ${game.load.failed} + ${game.paced.failed} + ${game.lobbies.failed}, baseline ${baseline.load.failed} + ${baseline.paced.failed} + ${baseline.lobbies.failed}; emulator problems ${discord.problems.length}; other programs used ${foreignCores.toFixed(2)} cores during the rounds`,
  ];
  if (!persisting) throw new Error('the persisting baseline did not run');
  const against = persistingReport(game, persisting, persistingEnv.DATABASE_PATH!);
  const { mean, max } = report.machine.load_average_1m_during_step;
  lines.push(
    ...against.lines,
    `machine: load average (1 min) ${mean.toFixed(2)} mean, ${max.toFixed(2)} max during the step`,
  );
  if (config.cpuProfile) lines.push(...profileLines(profileDir, { game, baseline, 'persisting-baseline': persisting }));
  return { json: { ...report, persisting_baseline: against.json }, lines };
}

/**
 * The bot (with `gameEnv`) and the baseline side by side in the context's world, the sizes of its
 * configuration: what steps 5 and 7 measure (bench/head-to-head.ts).
 */
export async function sideBySide(
  context: BenchContext,
  gameEnv: Readonly<Record<string, string>>,
  options: Omit<Parameters<typeof headToHead>[4], 'cwd'> & { withPersisting?: boolean },
): Promise<HeadToHead> {
  const { config } = context;
  const { discord, world } = await context.world();
  const clock = new InteractionClock(discord);
  try {
    const contenders = {
      game: gameContender(discord, world, clock, gameEnv),
      baseline: baselineContender(discord, world, clock, await context.baselineEnv()),
      ...(options.withPersisting
        ? { persisting: persistingContender(discord, world, clock, await context.persistingEnv('head-to-head')) }
        : {}),
    };
    const shape = {
      loadServers: world.servers.slice(0, config.channels),
      lobbyServers: world.servers.slice(config.channels),
      warmup: config.warmup,
      timed: config.timed,
      rounds: config.rounds,
      paced: config.paced,
      pacedRate: config.pacedRate,
      stagger: config.stagger,
    };
    return await headToHead(discord, clock, contenders, shape, { ...options, cwd: context.dir });
  } finally {
    clock.close();
  }
}

/** Where each bot spent its CPU during the measured rounds, in µs per interaction, side by side. */
function profileLines(
  profileDir: string,
  figures: Readonly<Record<'game' | 'baseline' | 'persisting-baseline', ContenderFigures>>,
): string[] {
  const lines: string[] = [];
  for (const name of ['game', 'baseline', 'persisting-baseline'] as const) {
    const profile = mainThreadProfile(path.join(profileDir, name));
    if (!profile) continue;
    const interactions = figures[name].load.latency.count;
    const { functions, areas, totalMs } = summarizeCpuProfile(profile, figures[name].measuredSpans);
    const list = (spots: { name: string; ms: number }[]) =>
      spots.map((spot) => `  ${((spot.ms * 1000) / interactions).toFixed(0).padStart(6)} µs  ${spot.name}`).join('\n');
    const kept = path.join(os.tmpdir(), `crag-bench-${name}.cpuprofile`);
    fs.copyFileSync(profile, kept);
    lines.push(
      `\n${name}: ${((totalMs * 1000) / interactions).toFixed(0)} µs of main-thread CPU per interaction in the measured rounds\nby area:\n${list(areas)}\nhottest functions (self time):\n${list(functions)}\nfull profile: ${kept}`,
    );
  }
  return lines;
}
