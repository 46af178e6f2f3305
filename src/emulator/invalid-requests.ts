import type { Clock } from './clock.js';

/**
 * Discord bans an IP for a while once it answered 10,000 requests with 401, 403 or 429 within 10
 * minutes (docs/topics/rate-limits.mdx, "Invalid Request Limit"). A bot that keeps editing a board in
 * a channel it lost gets there; this counts what the emulator answered so a test can bound it.
 */
export const INVALID_REQUEST_WINDOW_MS = 10 * 60_000;
export const INVALID_REQUEST_BAN_THRESHOLD = 10_000;
/**
 * The docs say only "temporarily restricted"; an hour is what bots that were banned report. A ban is
 * Cloudflare's, in front of the API: it covers the address, whatever token its requests carry.
 */
export const INVALID_REQUEST_BAN_MS = 60 * 60_000;

const COUNTED_STATUSES = new Set([401, 403, 429]);

export function countsAsInvalid(status: number): boolean {
  return COUNTED_STATUSES.has(status);
}

interface Entry {
  at: number;
  appId: string | null;
  /** The address the request came from. */
  ip: string;
}

/** When enforced: how many invalid responses from one address within the window ban it, and how long. */
export interface BanRule {
  readonly threshold: number;
  readonly durationMs: number;
}

/**
 * Invalid responses in a sliding window on the emulator clock, overall, per application and per
 * address; with a ban rule, an address that reaches the threshold is banned for a while.
 */
export class InvalidRequestLog {
  /** Oldest first; entries older than the window are dropped as new ones arrive. */
  readonly #entries: Entry[] = [];
  #start = 0;
  #peak = 0;
  /** Entries within the window per address, kept as entries come and go. */
  readonly #perIp = new Map<string, number>();
  readonly #bannedUntil = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly ban: BanRule | null = null,
  ) {}

  record(status: number, appId: string | null, ip: string): void {
    if (!countsAsInvalid(status)) return;
    const at = this.clock.now();
    this.#entries.push({ at, appId, ip });
    const fromIp = (this.#perIp.get(ip) ?? 0) + 1;
    this.#perIp.set(ip, fromIp);
    this.#forget(at);
    this.#peak = Math.max(this.#peak, this.#entries.length - this.#start);
    if (this.ban && fromIp >= this.ban.threshold && !this.bannedFor(ip)) {
      this.#bannedUntil.set(ip, at + this.ban.durationMs);
    }
  }

  /** How long (ms, emulator clock) the address stays banned; 0 when it is not. */
  bannedFor(ip: string): number {
    const until = this.#bannedUntil.get(ip);
    if (until === undefined) return 0;
    const left = until - this.clock.now();
    if (left > 0) return left;
    this.#bannedUntil.delete(ip);
    return 0;
  }

  /** Invalid responses sent to one address within the last 10 minutes. */
  countFromIp(ip: string): number {
    this.#forget(this.clock.now());
    return this.#perIp.get(ip) ?? 0;
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
      const { ip } = this.#entries[this.#start] as Entry;
      const left = (this.#perIp.get(ip) ?? 1) - 1;
      if (left > 0) this.#perIp.set(ip, left);
      else this.#perIp.delete(ip);
      this.#start += 1;
    }
    // Compact now and then so a long run does not keep every entry.
    if (this.#start > 4096 && this.#start * 2 > this.#entries.length) {
      this.#entries.splice(0, this.#start);
      this.#start = 0;
    }
  }
}
