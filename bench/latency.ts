import type { Emulator, InteractionOutcome } from '../src/emulator/index.js';

export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

function percentile(sorted: readonly number[], p: number): number {
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
 * Times interactions from the virtual user's call (which builds the payload and sends
 * INTERACTION_CREATE down the gateway at once) to the moment the emulator settles it: the bot's
 * callback arrived (or the 3 s window closed). The settle time is taken in the emulator's own
 * event, not after the promise chain, so the driver's bookkeeping is left out.
 */
export class InteractionClock {
  private readonly settledAt = new Map<string, number>();
  private readonly onSettled = (outcome: InteractionOutcome) =>
    this.settledAt.set(outcome.interactionId, performance.now());

  constructor(private readonly discord: Emulator) {
    discord.on('interactionSettled', this.onSettled);
  }

  async time(
    send: () => Promise<InteractionOutcome>,
  ): Promise<{ outcome: InteractionOutcome; sentAt: number; settledAt: number; ms: number }> {
    const sentAt = performance.now();
    const outcome = await send();
    const settledAt = this.settledAt.get(outcome.interactionId) ?? performance.now();
    this.settledAt.delete(outcome.interactionId);
    return { outcome, sentAt, settledAt, ms: settledAt - sentAt };
  }

  close(): void {
    this.discord.off('interactionSettled', this.onSettled);
  }
}
