import type { Logger } from '../log.js';

/** What runs when a deadline passes; a throw is retried later (see Deadlines). */
export type DeadlineWork = () => Promise<void>;

export interface DeadlinesOptions {
  readonly now: () => number;
  readonly log: Logger;
  /** The first retry of a failed deadline waits this long (5 s); each further failure doubles it. */
  readonly firstRetryMs?: number;
  /** The longest wait between retries (5 minutes). */
  readonly maxRetryMs?: number;
}

/**
 * The timers of a feature's own deadlines (a tournament round's close), beside the turn scheduler
 * and on the same terms: a deadline is a time the feature has stored, so arming every stored one
 * after a restart rebuilds them exactly, and one that passed while the bot was down runs at once.
 * Work that fails never escapes into the event loop: it is logged and tried again with a growing
 * pause (never in a tight loop, whatever Discord or the database answers), until it succeeds or
 * the deadline is armed anew.
 */
export class Deadlines {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly failures = new Map<string, number>();
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private stopped = false;

  constructor(private readonly options: DeadlinesOptions) {
    this.firstRetryMs = options.firstRetryMs ?? 5_000;
    this.maxRetryMs = options.maxRetryMs ?? 5 * 60_000;
  }

  /** Runs `work` at `dueAt` (epoch ms), in place of whatever `key` was armed for before. */
  at(key: string, dueAt: number, work: DeadlineWork): void {
    this.failures.delete(key);
    this.set(key, Math.max(0, dueAt - this.options.now()), work);
  }

  cancel(key: string): void {
    const timer = this.timers.get(key);
    if (timer) clearTimeout(timer);
    this.timers.delete(key);
    this.failures.delete(key);
  }

  /** How many deadlines are waiting (the operators' metrics). */
  get armed(): number {
    return this.timers.size;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.failures.clear();
  }

  private set(key: string, delay: number, work: DeadlineWork): void {
    const earlier = this.timers.get(key);
    if (earlier) clearTimeout(earlier);
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      void this.run(key, work);
    }, delay);
    this.timers.set(key, timer);
  }

  private async run(key: string, work: DeadlineWork): Promise<void> {
    try {
      await work();
      this.failures.delete(key);
    } catch (error) {
      const failures = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, failures);
      const retryInMs = Math.min(this.firstRetryMs * 2 ** (failures - 1), this.maxRetryMs);
      this.options.log.error('a deadline failed; it will be tried again', { key, retryInMs, error });
      // Unless it was armed anew meanwhile.
      if (!this.timers.has(key)) this.set(key, retryInMs, work);
    }
  }
}
