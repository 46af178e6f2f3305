import { type LatencySummary, summarize } from '../harness/kit/figures.js';
import type { InteractionClock } from '../harness/kit/interaction-clock.js';
import type { LoadTable } from './tables.js';

/** What one closed-loop run measured, raw, so that several runs can be pooled. */
export interface LoadSample {
  readonly latencies: readonly number[];
  readonly byKind: ReadonlyMap<string, readonly number[]>;
  /** From the first measured send to the last measured settle. */
  readonly windowMs: number;
  /** Interactions that got no answer within 3 s. */
  readonly failed: number;
  /** Interactions answered otherwise than expected (e.g. an ephemeral refusal). */
  readonly refused: number;
  /** Clicks a player could not make (the board was not as expected). */
  readonly driverErrors: number;
  readonly firstErrors: readonly string[];
  readonly timedOut: boolean;
}

export interface LoadResult {
  readonly latency: LatencySummary;
  readonly byKind: Readonly<Record<string, LatencySummary>>;
  /** Measured interactions per second over the measured windows. */
  readonly ips: number;
  readonly windowMs: number;
  readonly failed: number;
  readonly refused: number;
  readonly driverErrors: number;
  readonly firstErrors: readonly string[];
  readonly timedOut: boolean;
}

/** One closed-loop round per this long at most; a stuck bot ends the bench instead of hanging it. */
export const ROUND_TIMEOUT_MS = 90_000;

/** A table gives up after this many errors in a row, so one broken board cannot spin forever. */
const MAX_ERRORS_IN_A_ROW = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays every table at once, closed loop: each channel has one interaction in flight and sends
 * the next as soon as the last is answered (which saturates the bot and measures its capacity), or,
 * with `thinkMs`, after a random pause of that mean, like people reading the board (which offers
 * a steady rate of about channels / thinkMs and measures latency below saturation). `count`
 * interactions are sent in all; with `measured` false nothing is recorded (a warm-up).
 */
export async function runLoad(
  clock: InteractionClock,
  tables: readonly LoadTable[],
  options: { count: number; measured: boolean; timeoutMs: number; thinkMs?: number },
): Promise<LoadSample> {
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  const errors: string[] = [];
  let sent = 0;
  let failed = 0;
  let refused = 0;
  let driverErrors = 0;
  let windowStart = Number.POSITIVE_INFINITY;
  let windowEnd = 0;
  const deadline = performance.now() + options.timeoutMs;
  let timedOut = false;

  // Exponential pauses: people do not click in step, so neither do the virtual ones.
  const think = () => (options.thinkMs ? sleep(-options.thinkMs * Math.log(1 - Math.random())) : undefined);
  const play = async (table: LoadTable) => {
    let errorsInARow = 0;
    if (options.thinkMs) await sleep(Math.random() * options.thinkMs);
    while (sent < options.count && errorsInARow < MAX_ERRORS_IN_A_ROW) {
      if (performance.now() > deadline) {
        timedOut = true;
        return;
      }
      sent += 1;
      try {
        const click = table.next();
        const { outcome, sentAt, settledAt, ms } = await clock.time(click.send);
        if (outcome.ack === 'failed') failed += 1;
        else if (outcome.ack !== click.expect) refused += 1;
        if (options.measured) {
          windowStart = Math.min(windowStart, sentAt);
          windowEnd = Math.max(windowEnd, settledAt);
          latencies.push(ms);
          const list = byKind.get(click.kind) ?? [];
          list.push(ms);
          byKind.set(click.kind, list);
        }
        await table.settled(click, outcome);
        errorsInARow = 0;
        await think();
      } catch (error) {
        driverErrors += 1;
        errorsInARow += 1;
        if (errors.length < 5) errors.push(error instanceof Error ? error.message : String(error));
        // The board may be mid-edit: give the bot a moment before looking again.
        await sleep(50);
      }
    }
  };
  await Promise.all(tables.map(play));
  return {
    latencies,
    byKind,
    windowMs: Math.max(0, windowEnd - windowStart),
    failed,
    refused,
    driverErrors,
    firstErrors: errors,
    timedOut,
  };
}

/**
 * Warms a bot up before anything is measured: first `stagger` channels (a cold bot answering 200
 * clicks at once can miss the 3 s window), then all of them. Returns the interactions that failed.
 */
export async function warmUp(
  clock: InteractionClock,
  tables: readonly LoadTable[],
  count: number,
  stagger: number,
): Promise<number> {
  const unmeasured = (count: number) => ({ count, measured: false, timeoutMs: ROUND_TIMEOUT_MS });
  const gentle = await runLoad(clock, tables.slice(0, stagger), unmeasured(Math.floor(count / 2)));
  const full = await runLoad(clock, tables, unmeasured(Math.ceil(count / 2)));
  return gentle.failed + full.failed;
}

/** Pools several measured runs: percentiles over every interaction, rate over the summed windows. */
export function poolSamples(samples: readonly LoadSample[]): LoadResult {
  const latencies = samples.flatMap((sample) => sample.latencies);
  const byKind = new Map<string, number[]>();
  for (const sample of samples) {
    for (const [kind, list] of sample.byKind) byKind.set(kind, [...(byKind.get(kind) ?? []), ...list]);
  }
  const windowMs = samples.reduce((sum, sample) => sum + sample.windowMs, 0);
  const total = (pick: (sample: LoadSample) => number) => samples.reduce((sum, sample) => sum + pick(sample), 0);
  return {
    latency: summarize(latencies),
    byKind: Object.fromEntries([...byKind].map(([kind, list]) => [kind, summarize(list)])),
    ips: latencies.length / (windowMs / 1000),
    windowMs,
    failed: total((sample) => sample.failed),
    refused: total((sample) => sample.refused),
    driverErrors: total((sample) => sample.driverErrors),
    firstErrors: samples.flatMap((sample) => sample.firstErrors).slice(0, 5),
    timedOut: samples.some((sample) => sample.timedOut),
  };
}

/** Runs `work` for every item with at most `concurrency` at a time: a staggered start. */
export async function inBatches<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const index = nextIndex;
      nextIndex += 1;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
