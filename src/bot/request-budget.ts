/**
 * What a bot-token request is for, most urgent first:
 * - `waited-for`: something a person is looking at changes only with it (the board after a turn
 *   timer or a computer's move, a new game's first board in its thread);
 * - `normal`: everything else;
 * - `ping`: turn pings, last, and skipped rather than queued when the budget is short.
 */
export type RequestPriority = 'waited-for' | 'normal' | 'ping';

const PRIORITIES: readonly RequestPriority[] = ['waited-for', 'normal', 'ping'];

/**
 * Discord allows 50 requests a second per bot token (docs/topics/rate-limits.mdx, "Global Rate
 * Limit"), counted as they arrive. Arrivals are not sends: a busy event loop at Discord's edge, or
 * network jitter, lands requests sent over more than a second in one of its windows. The emulator,
 * which counts a request when its event loop reads it, met global 429s at saturation from a budget
 * of 45 with its loop 150–380 ms late. So the budget keeps two limits: 40 in any second, and a
 * fifth of that in any 200 ms (SMOOTHING_MS), so that any 1.2 s of sends holds at most 40 + 8 = 48:
 * arrivals shifted by up to 200 ms stay under 50.
 */
export const DEFAULT_REQUESTS_PER_SECOND = 40;

/** The shorter window: at most a fifth of the second's requests start in any 200 ms. */
const SMOOTHING_MS = 200;

/**
 * Each process's share of the default budget when `processes` processes use the token, on one host
 * or several (the shards of `npm run start:sharded`, one process each): together they stay under the
 * one global limit, up to as many processes as the budget has requests (each gets at least 1).
 */
export function budgetShare(processes: number): number {
  return Math.max(1, Math.floor(DEFAULT_REQUESTS_PER_SECOND / Math.max(1, processes)));
}

/**
 * The share of a second's requests a ping may not take: a ping goes out only while this much of the
 * budget is still free and nothing else waits, so that pings never make a person wait.
 */
const KEPT_FROM_PINGS = 0.25;

const WINDOW_MS = 1000;

interface Waiter {
  readonly grant: () => void;
}

export interface BudgetTimers {
  readonly now: () => number;
  readonly setTimeout: (run: () => void, ms: number) => unknown;
}

const REAL_TIMERS: BudgetTimers = { now: () => Date.now(), setTimeout: (run, ms) => setTimeout(run, ms) };

/**
 * The bot's one budget for its bot-token requests: at most `perSecond` started in any second and a
 * fifth of that in any 200 ms (sliding windows, so no alignment of Discord's own windows can see
 * more, and a burst is spread over the second), granted by priority, in
 * order of asking within a priority. Interaction callbacks and webhooks are not Discord's to count
 * (they are exempt from the global limit) and never come here.
 */
export class RequestBudget {
  /** When each request of the last second started, oldest first. */
  private readonly started: number[] = [];
  private readonly queues = new Map<RequestPriority, Waiter[]>(PRIORITIES.map((priority) => [priority, []]));
  private timerArmed = false;
  /** Until when Discord's global limit holds every request (a global 429's Retry-After). */
  private heldUntil = 0;
  /** At most this many started in any SMOOTHING_MS. */
  private readonly perSmoothing: number;

  constructor(
    readonly perSecond: number = DEFAULT_REQUESTS_PER_SECOND,
    private readonly timers: BudgetTimers = REAL_TIMERS,
  ) {
    if (!Number.isInteger(perSecond) || perSecond < 1) throw new RangeError(`perSecond must be >= 1, got ${perSecond}`);
    this.perSmoothing = Math.ceil((perSecond * SMOOTHING_MS) / WINDOW_MS);
  }

  /** Resolves when a request of this priority may start, and counts it as started. */
  take(priority: RequestPriority): Promise<void> {
    if (this.waiting() === 0 && this.free() > 0) {
      this.start();
      return Promise.resolve();
    }
    return new Promise((grant) => {
      this.queueOf(priority).push({ grant });
      this.armTimer();
    });
  }

  /**
   * Whether a turn ping may be sent now: nothing waits, the last 200 ms have room, and more than a
   * quarter of the second's requests are still free. Does not count it; its request takes from the budget as it goes out.
   */
  roomForPing(): boolean {
    return this.waiting() === 0 && this.free() > 0 && this.freeInSecond() > Math.ceil(this.perSecond * KEPT_FROM_PINGS);
  }

  /**
   * Discord answered a global 429: no request starts for `ms` (its Retry-After), whatever the
   * window holds. Requests asked for meanwhile wait, and no ping finds room.
   */
  holdFor(ms: number): void {
    this.heldUntil = Math.max(this.heldUntil, this.timers.now() + ms);
  }

  /** Requests waiting for the budget, of every priority. */
  waiting(): number {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.length;
    return count;
  }

  /** How many may start now under both windows (none while a global 429 holds). */
  private free(): number {
    if (this.timers.now() < this.heldUntil) return 0;
    return Math.min(this.freeInSecond(), this.perSmoothing - this.startedInSmoothing());
  }

  private freeInSecond(): number {
    const now = this.timers.now();
    while (this.started.length > 0 && (this.started[0] as number) <= now - WINDOW_MS) this.started.shift();
    return this.perSecond - this.started.length;
  }

  /** Starts within the last SMOOTHING_MS: the newest of `started`, counted from its end. */
  private startedInSmoothing(): number {
    const since = this.timers.now() - SMOOTHING_MS;
    let count = 0;
    for (let index = this.started.length - 1; index >= 0 && (this.started[index] as number) > since; index--) count++;
    return count;
  }

  private start(): void {
    this.started.push(this.timers.now());
  }

  private queueOf(priority: RequestPriority): Waiter[] {
    return this.queues.get(priority) as Waiter[];
  }

  /** Grants what the window has room for, most urgent first; waits for the oldest start to age out. */
  private release(): void {
    this.timerArmed = false;
    for (const priority of PRIORITIES) {
      const queue = this.queueOf(priority);
      while (queue.length > 0 && this.free() > 0) {
        this.start();
        queue.shift()?.grant();
      }
    }
    this.armTimer();
  }

  private armTimer(): void {
    if (this.timerArmed || this.waiting() === 0) return;
    this.timerArmed = true;
    this.timers.setTimeout(() => this.release(), this.untilRoom());
  }

  /**
   * How long until a request may start: a hold's end, or the start that frees a window leaving it
   * (the oldest of the second's, or the oldest of the last 200 ms's).
   */
  private untilRoom(): number {
    const now = this.timers.now();
    if (now < this.heldUntil) return this.heldUntil - now;
    if (this.free() > 0) return 0;
    const oldest = this.started[0] as number;
    const secondFull = this.freeInSecond() <= 0;
    const smoothingOldest = this.started[this.started.length - this.perSmoothing] as number;
    return Math.max(0, secondFull ? oldest + WINDOW_MS - now : smoothingOldest + SMOOTHING_MS - now);
  }
}
