import type { MemoryAfterGc } from '../harness/kit/bot-process.js';
import type { LatencySummary } from '../harness/kit/figures.js';
import type { ThreadGroup } from '../harness/kit/process-stats.js';
import type { Span } from './cpu-profile.js';
import type { HistoryDatabase } from './history-db.js';
import type { LoadResult } from './load.js';
import type { LobbyFigures } from './running-contender.js';

/** Everything measured for one contender. */
export interface ContenderFigures {
  readonly load: LoadResult;
  /** The round at a steady rate below saturation. */
  readonly paced: LoadResult;
  /** Each measured round on its own, to see how steady the figures were. */
  readonly rounds: readonly { readonly ips: number; readonly p99: number }[];
  readonly cpuMsPerInteraction: number;
  /**
   * The same by group of threads (harness/kit/process-stats.ts): `main`, the main thread's share, is what
   * holds up the next click; `runtime` and `workers` are the rest.
   */
  readonly cpuMsPerInteractionByThread: Readonly<Record<ThreadGroup, number>>;
  /** The emulator and virtual users' share: the same work for both bots. */
  readonly benchCpuMsPerInteraction: number;
  readonly gatewayReadyMs: number;
  readonly warmupFailed: number;
  /** Connected and quiet, after a full GC. */
  readonly idleMemory: MemoryAfterGc;
  readonly loadPeakRssMb: number;
  readonly openBoards: LatencySummary;
  readonly lobbies: LobbyFigures;
  /** Once every channel holds a game (the baseline: a board) and the bot is quiet, after a full GC. */
  readonly allChannelsMemory: MemoryAfterGc;
  /** The same moment, before the GC: what the process happened to hold. */
  readonly rssAllChannelsBeforeGcMb: number;
  readonly vmHwmMb: number;
  readonly activeGames: number;
  readonly log: { readonly warn: number; readonly error: number; readonly first: readonly string[] };
  readonly measuredSpans: readonly Span[];
  /** REST requests per measured interaction, by route: anything beyond the callback is extra work. */
  readonly restPerInteraction: Readonly<Record<string, number>>;
  /** 429s the strict emulator answered this bot (Discord's global and route limits), whole run. */
  readonly rateLimited: number;
}

export const TARGETS = {
  throughputRatioAtLeast: 0.8,
  p99RatioAtMost: 1.5,
  rssAboveBaselinePer1000GamesMbBelow: 20,
  /** The bot's CPU per interaction against the baseline's, all threads and main thread alone. */
  cpuRatioAtMost: 1.3,
  /** Per score card PNG: the median with five players (the widest card). */
  scoreCardP50MsBelow: 30,
} as const;

export function scoreCardTargetMet(figures: Readonly<Record<string, number>>): boolean {
  return (figures['score_card.p50_ms.5_players'] ?? Number.NaN) < TARGETS.scoreCardP50MsBelow;
}

/** The score card's line in the printed summary, from `benchScoreCard`'s figures. */
export function scoreCardSummary(figures: Readonly<Record<string, number>>): string {
  const ms = (key: string) => (figures[`score_card.${key}`] ?? Number.NaN).toFixed(1);
  const met = scoreCardTargetMet(figures) ? 'met' : 'NOT met';
  return `score card PNG: 2 players p50 ${ms('p50_ms.2_players')} / p99 ${ms('p99_ms.2_players')} ms, 5 players p50 ${ms('p50_ms.5_players')} / p99 ${ms('p99_ms.5_players')} ms (target p50 < ${TARGETS.scoreCardP50MsBelow}: ${met}); CPU ${ms('cpu_ms_mean.2_players')} and ${ms('cpu_ms_mean.5_players')} ms a card (kernel ${ms('cpu_kernel_ms_mean.2_players')} and ${ms('cpu_kernel_ms_mean.5_players')}); first card ${ms('first_card_ms')} ms`;
}

/** The bot's figures against the baseline's, as latest.json keeps them (the top level, and `postgres`). */
export function ratiosJson(game: ContenderFigures, baseline: ContenderFigures) {
  return {
    throughput_ratio: game.load.ips / baseline.load.ips,
    p99_ratio: game.load.latency.p99 / baseline.load.latency.p99,
    p50_ratio: game.load.latency.p50 / baseline.load.latency.p50,
    p95_ratio: game.load.latency.p95 / baseline.load.latency.p95,
    paced_p50_ratio: game.paced.latency.p50 / baseline.paced.latency.p50,
    paced_p99_ratio: game.paced.latency.p99 / baseline.paced.latency.p99,
    round_ratios: game.rounds.map((round, i) => ({
      throughput: round.ips / (baseline.rounds[i]?.ips ?? Number.NaN),
      p99: round.p99 / (baseline.rounds[i]?.p99 ?? Number.NaN),
    })),
  };
}

/** The flat figures of one contender for latest.json. */
/** The history a head-to-head ran on, as the head-to-head's `startup` and the PostgreSQL step's `history` say it. */
export function historyJson(history: HistoryDatabase): Record<string, number> {
  return {
    finished_games: history.finishedGames,
    games_in_play: history.activeGames,
    database_mb: history.bytes / 1024 ** 2,
    database_build_s: history.buildMs / 1000,
  };
}

export function contenderJson(figures: ContenderFigures): Record<string, unknown> {
  const { load } = figures;
  return {
    interactions_per_second: load.ips,
    p50_ms: load.latency.p50,
    p95_ms: load.latency.p95,
    p99_ms: load.latency.p99,
    max_ms: load.latency.max,
    mean_ms: load.latency.mean,
    timed_interactions: load.latency.count,
    window_s: load.windowMs / 1000,
    failed: load.failed,
    warmup_failed: figures.warmupFailed,
    refused: load.refused,
    driver_errors: load.driverErrors,
    first_driver_errors: load.firstErrors,
    timed_out: load.timedOut,
    paced: {
      interactions_per_second: figures.paced.ips,
      p50_ms: figures.paced.latency.p50,
      p95_ms: figures.paced.latency.p95,
      p99_ms: figures.paced.latency.p99,
      max_ms: figures.paced.latency.max,
      failed: figures.paced.failed,
      refused: figures.paced.refused,
    },
    rounds: figures.rounds.map((round) => ({ interactions_per_second: round.ips, p99_ms: round.p99 })),
    by_kind: Object.fromEntries(
      Object.entries(load.byKind).map(([kind, s]) => [kind, { count: s.count, p50_ms: s.p50, p99_ms: s.p99 }]),
    ),
    cpu_ms_per_interaction: figures.cpuMsPerInteraction,
    main_thread_cpu_ms_per_interaction: figures.cpuMsPerInteractionByThread.main,
    cpu_ms_per_interaction_by_thread: figures.cpuMsPerInteractionByThread,
    bench_process_cpu_ms_per_interaction: figures.benchCpuMsPerInteraction,
    rest_requests_per_interaction: figures.restPerInteraction,
    rate_limit_429s: figures.rateLimited,
    gateway_ready_ms: figures.gatewayReadyMs,
    rss_idle_after_gc_mb: figures.idleMemory.rssMb,
    heap_used_idle_after_gc_mb: figures.idleMemory.heapUsedMb,
    rss_peak_during_load_mb: figures.loadPeakRssMb,
    rss_all_channels_before_gc_mb: figures.rssAllChannelsBeforeGcMb,
    rss_all_channels_after_gc_mb: figures.allChannelsMemory.rssMb,
    heap_used_all_channels_after_gc_mb: figures.allChannelsMemory.heapUsedMb,
    external_all_channels_after_gc_mb: figures.allChannelsMemory.externalMb,
    vm_hwm_mb: figures.vmHwmMb,
    active_games: figures.activeGames,
    open_board_p50_ms: figures.openBoards.p50,
    open_board_max_ms: figures.openBoards.max,
    lobby_interactions: figures.lobbies.count,
    lobby_p50_ms: figures.lobbies.p50,
    lobby_p99_ms: figures.lobbies.p99,
    lobby_failed: figures.lobbies.failed,
    lobby_refused: figures.lobbies.refused,
    log_warn_lines: figures.log.warn,
    log_error_lines: figures.log.error,
    first_log_lines: figures.log.first,
  };
}

const pad = (text: string, width: number) => text.padStart(width);
const num = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/** The short table the head-to-head prints at the end of `npm run bench`. */
export function table(game: ContenderFigures, baseline: ContenderFigures, against = 'baseline'): string {
  const rows: [string, number, number, number][] = [
    ['saturated: interactions/s', game.load.ips, baseline.load.ips, 1],
    ['saturated: p50 ms', game.load.latency.p50, baseline.load.latency.p50, 1],
    ['saturated: p95 ms', game.load.latency.p95, baseline.load.latency.p95, 1],
    ['saturated: p99 ms', game.load.latency.p99, baseline.load.latency.p99, 1],
    ['failed (timed)', game.load.failed, baseline.load.failed, 0],
    ['paced: interactions/s', game.paced.ips, baseline.paced.ips, 1],
    ['paced: p50 ms', game.paced.latency.p50, baseline.paced.latency.p50, 1],
    ['paced: p99 ms', game.paced.latency.p99, baseline.paced.latency.p99, 1],
    ['refused (timed)', game.load.refused, baseline.load.refused, 0],
    ['429s, strict emulator', game.rateLimited, baseline.rateLimited, 0],
    ['bot CPU ms/interaction', game.cpuMsPerInteraction, baseline.cpuMsPerInteraction, 2],
    ['  main thread ms', game.cpuMsPerInteractionByThread.main, baseline.cpuMsPerInteractionByThread.main, 2],
    ['  runtime threads ms', game.cpuMsPerInteractionByThread.runtime, baseline.cpuMsPerInteractionByThread.runtime, 2],
    ['  worker threads ms', game.cpuMsPerInteractionByThread.workers, baseline.cpuMsPerInteractionByThread.workers, 2],
    ['emulator CPU ms/interaction', game.benchCpuMsPerInteraction, baseline.benchCpuMsPerInteraction, 2],
    ['RSS idle (after GC) MB', game.idleMemory.rssMb, baseline.idleMemory.rssMb, 1],
    ['RSS peak, saturated MB', game.loadPeakRssMb, baseline.loadPeakRssMb, 1],
    ['RSS 1,000 channels MB', game.rssAllChannelsBeforeGcMb, baseline.rssAllChannelsBeforeGcMb, 1],
    ['  after GC MB', game.allChannelsMemory.rssMb, baseline.allChannelsMemory.rssMb, 1],
    ['  heap used after GC MB', game.allChannelsMemory.heapUsedMb, baseline.allChannelsMemory.heapUsedMb, 1],
    ['lobby p50 ms', game.lobbies.p50, baseline.lobbies.p50, 1],
    ['lobby p99 ms', game.lobbies.p99, baseline.lobbies.p99, 1],
  ];
  const out = [`${'figure'.padEnd(27)}${pad('game', 10)}${pad(against, 11)}${pad('ratio', 8)}`];
  for (const [name, g, b, digits] of rows) {
    const ratio = b !== 0 && Number.isFinite(g / b) ? num(g / b, 2) : '—';
    out.push(`${name.padEnd(27)}${pad(num(g, digits), 10)}${pad(num(b, digits), 11)}${pad(ratio, 8)}`);
  }
  return `\n${out.join('\n')}\n`;
}
