import fs from 'node:fs';

/**
 * The figures the bench and the soak compute the same way, and how their latest.json is written:
 * latency summaries, medians, rounding, and a run that measured a few steps merging its entries
 * into the figures of the last full run.
 */

export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/** The value at percentile `p` of values sorted in ascending order (the nearest rank); NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarize(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length ? total / sorted.length : Number.NaN,
  };
}

/**
 * The wall time of each of `count` calls of `call`, one after another, after `warmup` untimed ones
 * (V8 compiles what it runs often, so the first calls are slower than a bot's steady state).
 */
export function timeEachSync(count: number, call: (i: number) => unknown, warmup = 0): number[] {
  for (let i = 0; i < warmup; i += 1) call(i);
  return Array.from({ length: count }, (_, i) => {
    const started = performance.now();
    call(i);
    return performance.now() - started;
  });
}

/** The same for calls that answer later (a database request): each awaited before the next starts. */
export async function timeEach(count: number, call: (i: number) => Promise<unknown>, warmup = 0): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await call(i);
  const ms: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await call(i);
    ms.push(performance.now() - started);
  }
  return ms;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Rounds every number in a JSON-able value, so latest.json stays readable. */
export function rounded(value: unknown, digits = 3): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? Number(value.toFixed(digits)) : null;
  if (Array.isArray(value)) return value.map((item) => rounded(item, digits));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rounded(item, digits)]));
  }
  return value;
}

export function readLatest(file: string): Record<string, unknown> {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

/**
 * Writes `entries`, rounded, to `file`. `keepOthers`: a run of some steps only keeps every other
 * entry of the last run, and `targets`, which several steps fill, is merged key by key.
 */
export function writeLatest(file: string, entries: Record<string, unknown>, keepOthers: boolean): void {
  const previous = keepOthers ? readLatest(file) : {};
  const targets = { ...(previous.targets as object | undefined), ...(entries.targets as object | undefined) };
  const written = { ...previous, ...entries, ...(Object.keys(targets).length ? { targets } : {}) };
  fs.writeFileSync(file, `${JSON.stringify(rounded(written), null, 2)}\n`);
}
