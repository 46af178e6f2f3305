import { type LatencySummary, summarize } from '../harness/kit/figures.js';

/** One memory reading of one shard process, after a full GC. */
export interface MemorySample {
  /** The process: a killed shard's successor is another segment, with a baseline of its own. */
  readonly pid: number;
  /** Milliseconds from the start of the load. */
  readonly atMs: number;
  readonly rssMb: number;
  readonly heapMb: number;
}

const HOUR = 3_600_000;

/**
 * How fast memory grows, in MB per hour, from samples of processes that come and go (a shard is
 * killed every few minutes, so no process lives the whole run): a least-squares slope shared by
 * every process, each with its own baseline (the samples of one process are centred on its own
 * means). A process's first `warmupMs` of samples are left out: caches and JIT fill then.
 * NaN when no process has two samples after its warm-up.
 */
export function memorySlope(
  samples: readonly MemorySample[],
  pick: (sample: MemorySample) => number,
  warmupMs: number,
): number {
  const byPid = new Map<number, MemorySample[]>();
  for (const sample of samples) byPid.set(sample.pid, [...(byPid.get(sample.pid) ?? []), sample]);
  let cross = 0;
  let square = 0;
  for (const list of byPid.values()) {
    const born = Math.min(...list.map((sample) => sample.atMs));
    const kept = list.filter((sample) => sample.atMs - born >= warmupMs && Number.isFinite(pick(sample)));
    if (kept.length < 2) continue;
    const meanT = kept.reduce((sum, sample) => sum + sample.atMs, 0) / kept.length;
    const meanV = kept.reduce((sum, sample) => sum + pick(sample), 0) / kept.length;
    for (const sample of kept) {
      cross += (sample.atMs - meanT) * (pick(sample) - meanV);
      square += (sample.atMs - meanT) ** 2;
    }
  }
  return square === 0 ? Number.NaN : (cross / square) * HOUR;
}

/** One answered interaction's latency, when it was sent. */
export interface Timed {
  readonly sentAtMs: number;
  readonly ms: number;
}

export interface LatencyWindow {
  /** The window's start, from the start of the load. */
  readonly fromMs: number;
  readonly latency: LatencySummary;
}

/** Latencies per window of `windowMs` (5 minutes in the report), in order; empty windows left out. */
export function latencyWindows(timed: readonly Timed[], windowMs: number): LatencyWindow[] {
  const windows = new Map<number, number[]>();
  for (const { sentAtMs, ms } of timed) {
    const start = Math.floor(sentAtMs / windowMs) * windowMs;
    const list = windows.get(start) ?? [];
    list.push(ms);
    windows.set(start, list);
  }
  return [...windows].sort(([a], [b]) => a - b).map(([fromMs, list]) => ({ fromMs, latency: summarize(list) }));
}

/** When a process was killed and when it was serving again (undefined while it is not). */
export interface Outage {
  readonly fromMs: number;
  readonly backMs: number | undefined;
}

/** How long after a killed process is back its interactions may still fail (a replay, a cold cache). */
export const NEAR_KILL_MS = 5_000;

/** Whether an interaction sent at `atMs` fell between a kill and 5 s after its process was back. */
export function nearKill(atMs: number, outages: readonly Outage[]): boolean {
  return outages.some(
    (outage) =>
      atMs >= outage.fromMs - NEAR_KILL_MS && atMs <= (outage.backMs ?? Number.POSITIVE_INFINITY) + NEAR_KILL_MS,
  );
}

/** How long after a fault is over an interaction that fails is still put down to it. */
export const AFTER_FAULT_MS = 3_000;

/**
 * The failed interactions counted by what they were and by the faults under way when they were
 * sent (up to 3 s after each fault: an answer due then may have waited on it), "none" when none was.
 */
export function failuresByCause(
  failed: readonly { atMs: number; kind: string }[],
  spans: readonly { kind: string; fromMs: number; toMs: number | undefined }[],
): { byKind: Record<string, number>; byFault: Record<string, number> } {
  const byKind = new Map<string, number>();
  const byFault = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const { atMs, kind } of failed) {
    add(byKind, kind);
    const under = spans.filter(
      (span) => atMs >= span.fromMs && atMs <= (span.toMs ?? Number.POSITIVE_INFINITY) + AFTER_FAULT_MS,
    );
    const names = [...new Set(under.map((span) => span.kind))].sort();
    add(byFault, names.length ? names.join('+') : 'none');
  }
  const sorted = (counts: Map<string, number>) => Object.fromEntries([...counts].sort(([, a], [, b]) => b - a));
  return { byKind: sorted(byKind), byFault: sorted(byFault) };
}
