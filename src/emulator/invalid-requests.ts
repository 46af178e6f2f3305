import type { Clock } from './clock.js';

/**
 * Discord bans an IP for a while once it answered 10,000 requests with 401, 403 or 429 within 10
 * minutes (docs/topics/rate-limits.mdx, "Invalid Request Limit"). A bot that keeps editing a board in
 * a channel it lost gets there; this counts what the emulator answered so a test can bound it.
 */
export const INVALID_REQUEST_WINDOW_MS = 10 * 60_000;
export const INVALID_REQUEST_BAN_THRESHOLD = 10_000;

const COUNTED_STATUSES = new Set([401, 403, 429]);

export function countsAsInvalid(status: number): boolean {
  return COUNTED_STATUSES.has(status);
}

interface Entry {
  at: number;
  appId: string | null;
}

/** Invalid responses in a sliding window on the emulator clock, overall and per application. */
export class InvalidRequestLog {
  /** Oldest first; entries older than the window are dropped as new ones arrive. */
  readonly #entries: Entry[] = [];
  #start = 0;
  #peak = 0;

  constructor(private readonly clock: Clock) {}

  record(status: number, appId: string | null): void {
    if (!countsAsInvalid(status)) return;
    const at = this.clock.now();
    this.#entries.push({ at, appId });
    this.#forget(at);
    this.#peak = Math.max(this.#peak, this.#entries.length - this.#start);
  }

  /** How many in the last `windowMs` (at most 10 minutes), for one app or all. */
  count(options: { appId?: string; windowMs?: number } = {}): number {
    const windowMs = options.windowMs ?? INVALID_REQUEST_WINDOW_MS;
    if (!(windowMs > 0 && windowMs <= INVALID_REQUEST_WINDOW_MS)) {
      throw new RangeError(`windowMs must be in (0, ${INVALID_REQUEST_WINDOW_MS}], got ${windowMs}`);
    }
    const since = this.clock.now() - windowMs;
    let count = 0;
    for (let index = this.#entries.length - 1; index >= this.#start; index--) {
      const entry = this.#entries[index] as Entry;
      if (entry.at <= since) break;
      if (options.appId === undefined || entry.appId === options.appId) count += 1;
    }
    return count;
  }

  /** The most invalid responses any 10-minute window held during the run. */
  get peak(): number {
    return this.#peak;
  }

  #forget(now: number): void {
    while (
      this.#start < this.#entries.length &&
      (this.#entries[this.#start] as Entry).at <= now - INVALID_REQUEST_WINDOW_MS
    ) {
      this.#start += 1;
    }
    // Compact now and then so a long run does not keep every entry.
    if (this.#start > 4096 && this.#start * 2 > this.#entries.length) {
      this.#entries.splice(0, this.#start);
      this.#start = 0;
    }
  }
}
