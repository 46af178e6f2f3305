import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { REST, Routes } from 'discord.js';
import type { PostgresServer } from '../harness/postgres-server.js';
import { type Emulator, startEmulator } from '../src/emulator/index.js';
import { BASELINE_COMMAND } from './baseline-board.js';
import { BASELINE_ENTRY, BOT_ENTRY, killAllChildren, type MemoryAfterGc, ROOT, runDeploy } from './bot-process.js';
import { type BenchConfig, readBenchConfig } from './config.js';
import { baselineContender, gameContender } from './contenders.js';
import { mainThreadProfile, summarizeCpuProfile } from './cpu-profile.js';
import { benchDailyScale, dailyScaleSummary } from './daily-scale.js';
import { headToHead } from './head-to-head.js';
import { buildHistoryDatabase } from './history-db.js';
import { InteractionClock } from './latency.js';
import { describeMachine } from './machine.js';
import { BEFORE_PLAY_DATABASE, headToHeadOnPostgres, type OnPostgres, onPostgresJson } from './on-postgres.js';
import { startBenchPostgres } from './postgres.js';
import { benchRateLimits, type RateLimitOptions } from './rate-limits.js';
import {
  type ContenderFigures,
  contenderJson,
  printTable,
  rounded,
  scoreCardSummary,
  scoreCardTargetMet,
  TARGETS,
} from './report.js';
import { benchScale, type ScaleOptions, scaleSummary } from './scale.js';
import { benchScoreCard } from './score-card.js';
import { type ShardedDatabase, type ShardedRun, shardedBench, shardedJson, sqliteCopies } from './sharded.js';
import { measureStartup, type StartupRun } from './startup.js';
import { benchStrategy } from './strategy.js';
import { type BenchWorld, createBenchWorld } from './world.js';

const OUTPUT = path.join(ROOT, 'bench/latest.json');

function say(message: string): void {
  process.stdout.write(`[bench ${(performance.now() / 1000).toFixed(1)}s] ${message}\n`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function countActiveGames(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM games WHERE status IN ('lobby', 'playing')").get() as { n: number })
      .n;
  } finally {
    db.close();
  }
}

/** Where each bot spent its CPU during the measured rounds, in µs per interaction, side by side. */
function printProfiles(profileDir: string, figures: Readonly<Record<'game' | 'baseline', ContenderFigures>>): void {
  for (const name of ['game', 'baseline'] as const) {
    const profile = mainThreadProfile(path.join(profileDir, name));
    if (!profile) continue;
    const interactions = figures[name].load.latency.count;
    const { functions, areas, totalMs } = summarizeCpuProfile(profile, figures[name].measuredSpans);
    const list = (spots: { name: string; ms: number }[]) =>
      spots.map((spot) => `  ${((spot.ms * 1000) / interactions).toFixed(0).padStart(6)} µs  ${spot.name}`).join('\n');
    const kept = path.join(os.tmpdir(), `crag-bench-${name}.cpuprofile`);
    fs.copyFileSync(profile, kept);
    process.stdout.write(
      `\n${name}: ${((totalMs * 1000) / interactions).toFixed(0)} µs of main-thread CPU per interaction in the measured rounds\nby area:\n${list(areas)}\nhottest functions (self time):\n${list(functions)}\nfull profile: ${kept}\n`,
    );
  }
}

/**
 * `npm run bench`: the solver's costs; the bot's start-up on a database with a long history; then
 * the bot and a trivial discord.js baseline side by side, driven the same way through the emulator
 * (alternating timed closed-loop rounds over many channels, then a new game in every other channel
 * for the memory figures). Writes bench/latest.json and prints a table.
 */
async function main(): Promise<void> {
  const config = readBenchConfig();
  const machine = describeMachine();
  say(`machine: ${machine.cpu}, ${machine.cores} cores, node ${machine.node}`);
  if (config.scaleOnly) return scaleOnly(config);
  if (config.only === 'rate-limits') return rateLimitsOnly(config);
  // BENCH_ONLY=head-to-head: steps 2 to 6 alone, merged into latest.json.
  if (config.only === 'head-to-head') return headToHeadSteps(config, machine, undefined);
  if (config.only === 'daily') return dailyOnly(config);

  say('solver (benchStrategy)…');
  const strategyStarted = performance.now();
  const strategy = await benchStrategy();
  const strategySeconds = (performance.now() - strategyStarted) / 1000;
  globalThis.gc?.();
  say('score card (benchScoreCard)…');
  const scoreCard = benchScoreCard();
  globalThis.gc?.();
  return headToHeadSteps(config, machine, { strategy, strategySeconds, scoreCard });
}

type SolverFigures =
  | { strategy: Record<string, number>; strategySeconds: number; scoreCard: Record<string, number> }
  | undefined;

/** Steps 2 to 10; with no `solver` figures (BENCH_ONLY=head-to-head), steps 2 to 6 only. */
async function headToHeadSteps(
  config: BenchConfig,
  machine: ReturnType<typeof describeMachine>,
  solver: SolverFigures,
): Promise<void> {
  // Discord's limits on, for both bots alike: its global 50 a second per bot token and its route
  // buckets (docs/rate-limits.md). The baseline only answers interactions, which they do not bind.
  const discord = await startEmulator({ rateLimits: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-bench-'));
  tempDirs.push(dir);
  try {
    say(`world: ${config.servers} servers, both bots in each`);
    const world = createBenchWorld(discord, config.servers);
    await runDeploy(
      { DISCORD_TOKEN: world.crag.token, DISCORD_CLIENT_ID: world.crag.id, DISCORD_API_URL: discord.apiUrl },
      dir,
    );
    await new REST({ api: discord.apiUrl })
      .setToken(world.baseline.token)
      .put(Routes.applicationCommands(world.baseline.id), { body: [BASELINE_COMMAND] });

    const dbPath = path.join(dir, 'data', 'crag.sqlite');
    say(`database: ${config.servers * config.historyGamesPerServer} finished games, ${config.channels} in play…`);
    const history = await buildHistoryDatabase(
      { kind: 'sqlite', path: dbPath },
      world.servers,
      config.historyGamesPerServer,
      config.channels,
    );
    // The database as it is before anything plays on it, for the sharded runs at the end.
    const untouchedDatabase = path.join(dir, 'before-play.sqlite');
    fs.copyFileSync(dbPath, untouchedDatabase);

    const botEnv = {
      DISCORD_TOKEN: world.crag.token,
      DISCORD_API_URL: discord.apiUrl,
      DATABASE_PATH: dbPath,
      LOG_LEVEL: 'warn',
      COMPUTER_PAUSE_MS: '20',
      // The virtual players finish a game in seconds and press Play again at once; the cooldowns are
      // for people, and would only turn some of the measured clicks into refusals.
      COOLDOWN_MS: '0',
      ...(config.botNodeOptions ? { NODE_OPTIONS: config.botNodeOptions } : {}),
    };
    say(`start-up × ${config.startupRuns}…`);
    const startup = await measureStartup(BOT_ENTRY, botEnv, dir, config.startupRuns, { settle: true });

    const baselineEnv = { DISCORD_TOKEN: world.baseline.token, DISCORD_API_URL: discord.apiUrl };
    const clock = new InteractionClock(discord);
    const profileDir = path.join(dir, 'cpu-profile');
    const { game, baseline, foreignCores, emulatorLoopDelayMs } = await headToHead(
      discord,
      clock,
      {
        game: gameContender(discord, world, clock, botEnv),
        baseline: baselineContender(discord, world, clock, baselineEnv),
      },
      {
        loadServers: world.servers.slice(0, config.channels),
        lobbyServers: world.servers.slice(config.channels),
        warmup: config.warmup,
        timed: config.timed,
        rounds: config.rounds,
        paced: config.paced,
        pacedRate: config.pacedRate,
        stagger: config.stagger,
      },
      {
        cwd: dir,
        profileDir: config.cpuProfile ? profileDir : undefined,
        countActiveGames: async () => countActiveGames(dbPath),
        say,
      },
    );
    clock.close();

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

    const later = solver
      ? await laterSteps(discord, world, config, dir, { botEnv, baselineEnv, untouchedDatabase })
      : undefined;

    const throughputRatio = game.load.ips / baseline.load.ips;
    const p99Ratio = game.load.latency.p99 / baseline.load.latency.p99;
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
    const roundRatios = game.rounds.map((round, i) => ({
      throughput: round.ips / (baseline.rounds[i]?.ips ?? Number.NaN),
      p99: round.p99 / (baseline.rounds[i]?.p99 ?? Number.NaN),
    }));
    const problems = discord.problems;

    const report = {
      throughput_ratio: throughputRatio,
      p99_ratio: p99Ratio,
      p50_ratio: game.load.latency.p50 / baseline.load.latency.p50,
      p95_ratio: game.load.latency.p95 / baseline.load.latency.p95,
      paced_p50_ratio: game.paced.latency.p50 / baseline.paced.latency.p50,
      paced_p99_ratio: game.paced.latency.p99 / baseline.paced.latency.p99,
      round_ratios: roundRatios,
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
        note: 'RSS and heap after a full GC (node --expose-gc, SIGUSR2 to bench/memory-probe). Fresh figures are settled: read again every 2 s until new_space has shrunk and RSS is steady (bench/startup.ts). V8 keeps heap pages it once grew into, so RSS after a load stays near its high-water mark',
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
        ...(solver
          ? {
              score_card_p50_ms_below: TARGETS.scoreCardP50MsBelow,
              score_card_met: scoreCardTargetMet(solver.scoreCard),
            }
          : {}),
      },
      machine: { ...machine, other_programs_cpu_cores_during_rounds: foreignCores },
      ...later?.json,
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
        finished_games: history.finishedGames,
        games_in_play: history.activeGames,
        database_mb: history.bytes / 1024 ** 2,
        database_build_s: history.buildMs / 1000,
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
      ...(solver
        ? { strategy: { ...solver.strategy, 'strategy.bench_s': solver.strategySeconds }, score_card: solver.scoreCard }
        : {}),
      emulator_problems: problems.length,
      // Of Discord's limits, every step together (the strict emulator answers them; none expected).
      emulator_rate_limit_429s: discord.rateLimitRefusals(),
      emulator_loop_delay_ms_during_rounds: emulatorLoopDelayMs,
      first_emulator_problems: problems.slice(0, 5).map((problem) => `${problem.kind}: ${problem.detail ?? ''}`),
      duration_s: performance.now() / 1000,
    };
    // One section alone keeps the other sections' figures of the last run.
    const previous = solver ? {} : readLatest();
    const written = { ...previous, ...report, targets: { ...(previous.targets as object), ...report.targets } };
    fs.writeFileSync(OUTPUT, `${JSON.stringify(rounded(written), null, 2)}\n`);

    const check = (met: boolean) => (met ? 'met' : 'NOT met');
    printTable(game, baseline, [
      `throughput_ratio ${throughputRatio.toFixed(2)} (target ≥ ${TARGETS.throughputRatioAtLeast}: ${check(report.targets.throughput_ratio_met)}); per round ${roundRatios.map((r) => r.throughput.toFixed(2)).join(', ')}, spread ${report.round_throughput_ratio_spread.toFixed(2)}`,
      `p99_ratio ${p99Ratio.toFixed(2)} (target ≤ ${TARGETS.p99RatioAtMost}: ${check(report.targets.p99_ratio_met)}); per round ${roundRatios.map((r) => r.p99.toFixed(2)).join(', ')}`,
      `cpu_ratio ${cpuRatio.toFixed(2)} all threads, ${mainThreadCpuRatio.toFixed(2)} main thread (target ≤ ${TARGETS.cpuRatioAtMost}: ${check(report.targets.cpu_ratio_met)}, ${check(report.targets.main_thread_cpu_ratio_met)})`,
      `RSS above the baseline per 1,000 active games: ${rssAbovePer1000.toFixed(1)} MB (fresh idle processes once settled, ${activeNow} games; target < ${TARGETS.rssAboveBaselinePer1000GamesMbBelow}: ${check(report.targets.rss_met)}; ${rssAbovePer1000AtOnce.toFixed(1)} MB read at once); each 1,000 more games ${marginalPer1000.toFixed(1)} MB RSS, ${marginalHeapPer1000.toFixed(1)} MB heap; after the load ${afterLoadAbovePer1000.toFixed(1)} MB above, heap kept ${heapKeptAbovePer1000.toFixed(1)} MB above`,
      `start-up, ${config.servers} guilds and ${history.finishedGames} finished games: "ready" in ${report.startup.ready_ms_median.toFixed(0)} ms (median of ${startup.length}), RSS ${report.startup.rss_settled_after_gc_mb_median.toFixed(1)} MB once settled (after a GC)`,
      ...(solver ? solverLines(solver) : []),
      `strict emulator: 429s game ${game.rateLimited}, baseline ${baseline.rateLimited} (every step: ${discord.rateLimitRefusals().global} global, ${discord.rateLimitRefusals().route} route); its event loop late by p99 ${emulatorLoopDelayMs.p99.toFixed(0)} / max ${emulatorLoopDelayMs.max.toFixed(0)} ms during the rounds`,
      `failed (saturated + paced + lobbies): game ${game.load.failed} + ${game.paced.failed} + ${game.lobbies.failed}, baseline ${baseline.load.failed} + ${baseline.paced.failed} + ${baseline.lobbies.failed}; emulator problems ${problems.length}; other programs used ${foreignCores.toFixed(2)} cores during the rounds`,
      ...(later?.lines ?? []),
      `written to ${path.relative(process.cwd(), OUTPUT)} after ${(performance.now() / 1000).toFixed(0)} s`,
    ]);
    if (config.cpuProfile) printProfiles(profileDir, { game, baseline });
  } finally {
    killAllChildren();
    await discord.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The bot's and the baseline's environments, and the database as it was before any play. */
interface LaterStepsInput {
  readonly botEnv: Readonly<Record<string, string>>;
  readonly baselineEnv: Readonly<Record<string, string>>;
  readonly untouchedDatabase: string;
}

/**
 * Steps 7 to 10, after the head-to-head on SQLite: on PostgreSQL, sharded on one machine, the
 * statistics at scale, and the rate limits with the shared proxy. Their latest.json entries and
 * printed lines.
 */
async function laterSteps(
  discord: Emulator,
  world: BenchWorld,
  config: BenchConfig,
  dir: string,
  { botEnv, baselineEnv, untouchedDatabase }: LaterStepsInput,
): Promise<{ json: Record<string, unknown>; lines: string[] }> {
  say('PostgreSQL: starting a server of its own…');
  const postgres = await startBenchPostgres();
  servers.push(postgres.server);
  const { DATABASE_PATH: _sqliteFile, ...envWithoutDatabase } = botEnv;
  // One shard, then four, on each database: SQLite's file, then PostgreSQL's server.
  const shardClock = new InteractionClock(discord);
  const sharded = (database: ShardedDatabase) =>
    shardedBench(discord, shardClock, gameContender(discord, world, shardClock, botEnv), {
      database,
      loadServers: world.servers.slice(0, config.channels),
      config,
      cwd: dir,
      say: (message) => say(`sharded on ${message}`),
    });
  let onPostgres: OnPostgres;
  let shardedOnPostgres: ShardedRun[];
  try {
    onPostgres = await headToHeadOnPostgres(
      discord,
      world,
      postgres,
      config,
      { game: envWithoutDatabase, baseline: baselineEnv },
      { cwd: dir, say },
    );
    shardedOnPostgres = await sharded({
      kind: 'postgres',
      fresh: async (run) => ({ DATABASE_URL: await postgres.copyDatabase(BEFORE_PLAY_DATABASE, run) }),
      serverPids: postgres.pids,
    });
  } finally {
    postgres.server.stop();
  }
  const postgresFigures = onPostgresJson(onPostgres);
  const shardedOnSqlite = await sharded(sqliteCopies(untouchedDatabase));
  shardClock.close();
  const scale = scaleSummary(await benchScale(scaleOptions(config, world, discord.apiUrl, dir)));
  const rateLimits = await benchRateLimits(rateLimitOptions(config));
  const daily = await dailyAtScale(config);
  return {
    json: {
      postgres: postgresFigures,
      sharding: {
        sqlite: shardedJson(shardedOnSqlite, 'SQLite: one file shared by the shard processes of this one host'),
        postgres: shardedJson(
          shardedOnPostgres,
          'PostgreSQL: the server of the step before, on the same two cores; its CPU counted as the bot’s',
        ),
      },
      scale: scale.json,
      ...rateLimits.json,
      daily: daily.daily,
      skill: daily.skill,
    },
    lines: [
      `on PostgreSQL: throughput_ratio ${postgresFigures.throughput_ratio.toFixed(2)} (${onPostgres.result.game.load.ips.toFixed(0)} against ${onPostgres.result.baseline.load.ips.toFixed(0)} interactions/s), p99_ratio ${postgresFigures.p99_ratio.toFixed(2)} (${onPostgres.result.game.load.latency.p99.toFixed(0)} against ${onPostgres.result.baseline.load.latency.p99.toFixed(0)} ms); paced p50/p99 ${onPostgres.result.game.paced.latency.p50.toFixed(1)}/${onPostgres.result.game.paced.latency.p99.toFixed(1)} ms; bot CPU ${onPostgres.result.game.cpuMsPerInteraction.toFixed(2)} + server ${onPostgres.result.serverCpuMsPerInteraction.toFixed(2)} ms per interaction; failed ${onPostgres.result.game.load.failed} + ${onPostgres.result.game.paced.failed} + ${onPostgres.result.game.lobbies.failed}; other programs used ${onPostgres.result.foreignCores.toFixed(2)} cores`,
      ...[
        { name: 'SQLite', runs: shardedOnSqlite },
        { name: 'PostgreSQL', runs: shardedOnPostgres },
      ].map(({ name, runs }) => `sharded on ${name}, one machine: ${runs.map(describeShardedRun).join('; ')}`),
      ...scale.lines,
      ...rateLimits.lines,
      ...daily.lines,
    ],
  };
}

function solverLines(solver: NonNullable<SolverFigures>): string[] {
  const { strategy } = solver;
  const cold = Object.entries(strategy).filter(([key]) => key.includes('build_cold'));
  return [
    `solver: table build ${cold.map(([key, ms]) => `${key.replace('strategy.build_cold_ms.', '')} ${ms.toFixed(0)} ms`).join(', ')}; hint (best action) ${strategy['strategy.best_action_us']?.toFixed(1)} µs; scoring ${((strategy['strategy.score_roll_per_second'] ?? 0) / 1e6).toFixed(1)} M rows/s`,
    scoreCardSummary(solver.scoreCard),
  ];
}

function readLatest(): Record<string, unknown> {
  return fs.existsSync(OUTPUT) ? (JSON.parse(fs.readFileSync(OUTPUT, 'utf8')) as Record<string, unknown>) : {};
}

function rateLimitOptions(config: BenchConfig): RateLimitOptions {
  return {
    channels: config.rateLimitChannels,
    seconds: config.rateLimitSeconds,
    globalPerSecond: config.rateLimitGlobal,
    say,
  };
}

/** BENCH_ONLY=rate-limits: step 10 alone; its figures replace `rate_limits` and `proxy` in latest.json. */
async function rateLimitsOnly(config: BenchConfig): Promise<void> {
  try {
    const figures = await benchRateLimits(rateLimitOptions(config));
    replaceInLatest(figures.json);
    process.stdout.write(`\n${figures.lines.join('\n')}\n`);
  } finally {
    killAllChildren();
  }
}

function describeShardedRun(run: ShardedRun): string {
  const perShard = (pick: (shard: ShardedRun['perShard'][number]) => number) =>
    run.perShard.map((shard) => pick(shard).toFixed(0)).join('/');
  return (
    `${run.shards} shard(s) ${run.ips.toFixed(0)} interactions/s (p99 ${run.latency.p99.toFixed(0)} ms, ` +
    `CPU ${run.cpuMsPerInteraction.toFixed(2)} + server ${run.serverCpuMsPerInteraction.toFixed(2)} ms per interaction, ` +
    `RSS per shard ${perShard((shard) => shard.idleRssMb)} MB idle, ${perShard((shard) => shard.peakRssMb)} MB peak, ` +
    `failed ${run.failed} (warming up ${run.warmupFailed}), other programs ${run.foreignCores.toFixed(2)} cores)`
  );
}

/** What the statistics at scale need: its sizes, and the bot's environment in the bench's world for its start-ups. */
function scaleOptions(config: BenchConfig, world: BenchWorld, apiUrl: string, dir: string): ScaleOptions {
  return {
    servers: config.scaleServers,
    games: config.scaleGames,
    postgresGames: config.scalePostgresGames,
    requests: config.scaleRequests,
    startupRuns: Math.max(1, Math.min(3, config.startupRuns)),
    botEnv: { DISCORD_TOKEN: world.crag.token, DISCORD_API_URL: apiUrl, LOG_LEVEL: 'warn', COMPUTER_PAUSE_MS: '20' },
    cwd: dir,
    say,
  };
}

/**
 * BENCH_SCALE_ONLY=1: the statistics at scale alone, in a world of BENCH_SERVERS servers for the
 * bot's start-ups; its figures replace the `scale` entry of bench/latest.json.
 */
async function scaleOnly(config: BenchConfig): Promise<void> {
  const discord = await startEmulator();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crag-bench-'));
  tempDirs.push(dir);
  try {
    const world = createBenchWorld(discord, config.servers);
    await runDeploy(
      { DISCORD_TOKEN: world.crag.token, DISCORD_CLIENT_ID: world.crag.id, DISCORD_API_URL: discord.apiUrl },
      dir,
    );
    const scale = scaleSummary(await benchScale(scaleOptions(config, world, discord.apiUrl, dir)));
    replaceInLatest({ scale: scale.json });
    for (const line of scale.lines) say(line);
  } finally {
    killAllChildren();
    await discord.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Step 11: the daily deal and the skill ranking at scale, on the scale's servers and games. */
async function dailyAtScale(config: BenchConfig) {
  return dailyScaleSummary(
    await benchDailyScale({
      results: config.dailyResults,
      servers: config.scaleServers,
      games: config.scaleGames,
      postgresGames: config.dailyPostgresGames,
      requests: config.dailyRequests,
      say,
    }),
  );
}

/**
 * BENCH_ONLY=daily: the daily deal and the skill ranking at scale alone (in process: no emulator,
 * no bot); its figures replace the `daily` and `skill` entries of bench/latest.json.
 */
async function dailyOnly(config: BenchConfig): Promise<void> {
  const daily = await dailyAtScale(config);
  replaceInLatest({ daily: daily.daily, skill: daily.skill });
  for (const line of daily.lines) say(line);
}

/** A section run alone: its entries of bench/latest.json replaced, the others kept as the last full run left them. */
function replaceInLatest(entries: Record<string, unknown>): void {
  fs.writeFileSync(OUTPUT, `${JSON.stringify({ ...readLatest(), ...(rounded(entries) as object) }, null, 2)}\n`);
}

/** Temp folders to remove, and PostgreSQL servers to stop, even when the bench is interrupted. */
const tempDirs: string[] = [];
const servers: PostgresServer[] = [];

process.on('exit', () => {
  killAllChildren();
  for (const server of servers) server.stop();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(130));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    killAllChildren();
    process.exit(1);
  },
);
