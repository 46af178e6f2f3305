import os from 'node:os';
import Database from 'better-sqlite3';
import { type ContenderFigures, contenderJson, ratiosJson, table } from './report.js';

/** The targets of issue 45 against the persisting baseline (bench/persisting-baseline.ts). */
export const PERSISTING_TARGETS = {
  throughputRatioAtLeast: 0.9,
  cpuRatioAtMost: 1.2,
  p99RatioAtMost: 1.2,
} as const;

/**
 * The machine's 1-minute load average, read every 5 s while a step runs: the machine is shared,
 * and the figures say how busy it was beside `other_programs_cpu_cores_during_rounds`.
 */
export class LoadAverage {
  private readonly samples: number[] = [];
  private readonly timer = setInterval(() => this.samples.push(os.loadavg()[0] ?? Number.NaN), 5_000);

  constructor() {
    this.timer.unref();
  }

  stop(): { mean: number; max: number; samples: number } {
    clearInterval(this.timer);
    const { samples } = this;
    return {
      mean: samples.reduce((sum, value) => sum + value, 0) / samples.length,
      max: Math.max(...samples),
      samples: samples.length,
    };
  }
}

/** Sheets the persisting baseline left in its file: one per channel it played, else it did not persist. */
function storedSheets(databasePath: string): number {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM sheets').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** The bot against the persisting baseline, measured in the same run as against the do-nothing one. */
export function persistingReport(
  game: ContenderFigures,
  persisting: ContenderFigures,
  databasePath: string,
): { json: Record<string, unknown>; lines: string[] } {
  const ratios = ratiosJson(game, persisting);
  const cpuRatio = game.cpuMsPerInteraction / persisting.cpuMsPerInteraction;
  const mainThreadCpuRatio = game.cpuMsPerInteractionByThread.main / persisting.cpuMsPerInteractionByThread.main;
  const met = {
    throughput: ratios.throughput_ratio >= PERSISTING_TARGETS.throughputRatioAtLeast,
    cpu: cpuRatio <= PERSISTING_TARGETS.cpuRatioAtMost,
    p99: ratios.p99_ratio <= PERSISTING_TARGETS.p99RatioAtMost,
  };
  const sheets = storedSheets(databasePath);
  const json = {
    'persisting_baseline.throughput_ratio': ratios.throughput_ratio,
    'persisting_baseline.cpu_ratio': cpuRatio,
    'persisting_baseline.p99_ratio': ratios.p99_ratio,
    ...ratios,
    main_thread_cpu_ratio: mainThreadCpuRatio,
    targets: {
      throughput_ratio_at_least: PERSISTING_TARGETS.throughputRatioAtLeast,
      throughput_ratio_met: met.throughput,
      cpu_ratio_at_most: PERSISTING_TARGETS.cpuRatioAtMost,
      cpu_ratio_met: met.cpu,
      p99_ratio_at_most: PERSISTING_TARGETS.p99RatioAtMost,
      p99_ratio_met: met.p99,
    },
    sheets_stored: sheets,
    contender: contenderJson(persisting),
  };
  const check = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const perRound = (pick: (round: { throughput: number; p99: number }) => number) =>
    ratios.round_ratios.map((round) => pick(round).toFixed(2)).join(', ');
  const lines = [
    `\nagainst the persisting baseline (a JSON sheet in SQLite per click, a drawn board; ${sheets} sheets in its file):`,
    table(game, persisting, 'persisting'),
    `persisting_baseline.throughput_ratio ${ratios.throughput_ratio.toFixed(2)} (target ≥ ${PERSISTING_TARGETS.throughputRatioAtLeast}: ${check(met.throughput)}); per round ${perRound((r) => r.throughput)}`,
    `persisting_baseline.cpu_ratio ${cpuRatio.toFixed(2)} all threads, ${mainThreadCpuRatio.toFixed(2)} main thread (target ≤ ${PERSISTING_TARGETS.cpuRatioAtMost}: ${check(met.cpu)})`,
    `persisting_baseline.p99_ratio ${ratios.p99_ratio.toFixed(2)} (target ≤ ${PERSISTING_TARGETS.p99RatioAtMost}: ${check(met.p99)}); per round ${perRound((r) => r.p99)}`,
  ];
  return { json, lines };
}
