import type { RestResponse } from '../http/router.js';
import { type BucketRule, majorParameter, ROUTE_BUCKETS } from './route-buckets.js';

/**
 * "All bots can make up to 50 requests per second to our API", per bot, or per IP address when a
 * request has no Authorization header; interaction endpoints are not bound by it
 * (docs/topics/rate-limits.mdx "Global Rate Limit"; docs/interactions/receiving-and-responding.mdx
 * "Endpoints": the callback and every webhook route with an interaction token).
 */
export const GLOBAL_REQUESTS_PER_SECOND = 50;

export interface RateLimitOptions {
  /** Requests per second per bot token (per IP without one). Default 50, Discord's. */
  readonly globalPerSecond?: number;
  /** Route limits replacing Discord's, keyed `METHOD template` (e.g. a lower one for a test). */
  readonly buckets?: Readonly<Record<string, BucketRule>>;
  /** Invalid responses (401, 403, 429) per 10 minutes from one IP before the ban. Default 10,000. */
  readonly invalidRequestLimit?: number;
  /** How long the ban lasts, on the emulator clock. Default one hour. */
  readonly banMs?: number;
}

/** A request as the limiter sees it. */
export interface LimitedRequest {
  readonly method: string;
  readonly template: string;
  readonly params: Readonly<Record<string, string>>;
  /** Whose global limit it counts toward (`bot:<appId>`, `ip:<address>`); null: exempt. */
  readonly globalKey: string | null;
}

export type Verdict =
  | { readonly allowed: true; readonly headers: Record<string, string> }
  | { readonly allowed: false; readonly scope: 'global' | 'user'; readonly response: RestResponse };

interface Window {
  start: number;
  count: number;
}

/**
 * Fixed windows that open with the first request after the previous one closed. That is the model
 * discord.js itself keeps of the global limit (@discordjs/rest SequentialHandler: at a request with
 * no window open, `globalReset = now + 1000` and `globalRemaining = 50`), and how a route bucket's
 * Reset-After counts down. Discord does not say how it counts; its windows and a client's need not
 * line up, so a client that sends a window's worth at the end of one of its windows and again at
 * the start of the next can be refused (the bot's budget counts a sliding second for that reason).
 */
class FixedWindows {
  readonly #windows = new Map<string, Window>();

  /** The window now open for `key`, or a fresh one if it closed (not stored until `take`). */
  peek(key: string, windowMs: number, now: number): Window {
    const open = this.#windows.get(key);
    return open && now < open.start + windowMs ? open : { start: now, count: 0 };
  }

  take(key: string, window: Window, now: number): void {
    window.count += 1;
    this.#windows.set(key, window);
    if (this.#windows.size > 50_000) this.#sweep(now);
  }

  /** Long runs touch many channels and tokens: drop windows closed for a minute. */
  #sweep(now: number): void {
    for (const [key, window] of this.#windows) if (window.start < now - 60_000) this.#windows.delete(key);
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function limited(message: string, retryAfterMs: number, global: boolean, headers: Record<string, string>) {
  return {
    status: 429,
    // Discord's example answers carry whole seconds in Retry-After and the exact figure in the body.
    headers: { ...headers, 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    body: { message, retry_after: Number(seconds(retryAfterMs)), global },
  };
}

/** Discord's global and per-route limits (see the constants' sources). */
export class RateLimiter {
  readonly #global = new FixedWindows();
  readonly #routes = new FixedWindows();
  readonly #perSecond: number;
  readonly #buckets: Readonly<Record<string, BucketRule>>;
  #globalRefusals = 0;
  #routeRefusals = 0;

  constructor(
    options: RateLimitOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.#perSecond = options.globalPerSecond ?? GLOBAL_REQUESTS_PER_SECOND;
    this.#buckets = { ...ROUTE_BUCKETS, ...options.buckets };
  }

  /** Counts the request if both its global and its route limit have room; else Discord's 429. */
  admit(request: LimitedRequest): Verdict {
    const now = this.now();
    const global = request.globalKey ? this.#global.peek(request.globalKey, 1000, now) : undefined;
    if (global && global.count >= this.#perSecond) {
      this.#globalRefusals += 1;
      const response = limited('You are being rate limited.', global.start + 1000 - now, true, {
        'X-RateLimit-Global': 'true',
        'X-RateLimit-Scope': 'global',
      });
      return { allowed: false, scope: 'global', response };
    }
    const rule = this.#buckets[`${request.method} ${request.template}`];
    const bucketKey = rule ? `${rule.hash}:${majorParameter(request.params)}` : undefined;
    const bucket = rule && bucketKey ? this.#routes.peek(bucketKey, rule.windowMs, now) : undefined;
    if (rule && bucket && bucket.count >= rule.limit) {
      this.#routeRefusals += 1;
      const headers = { ...bucketHeaders(rule, bucket, now), 'X-RateLimit-Scope': 'user' };
      const response = limited('You are being rate limited.', bucket.start + rule.windowMs - now, false, headers);
      return { allowed: false, scope: 'user', response };
    }
    if (global && request.globalKey) this.#global.take(request.globalKey, global, now);
    if (rule && bucket && bucketKey) {
      this.#routes.take(bucketKey, bucket, now);
      return { allowed: true, headers: bucketHeaders(rule, bucket, now) };
    }
    return { allowed: true, headers: {} };
  }

  /** 429s answered so far, by scope. */
  get refusals(): { global: number; route: number } {
    return { global: this.#globalRefusals, route: this.#routeRefusals };
  }
}

/** The headers of docs/topics/rate-limits.mdx "Header Format", after this request was counted. */
function bucketHeaders(rule: BucketRule, window: Window, now: number): Record<string, string> {
  const resetAt = window.start + rule.windowMs;
  return {
    'X-RateLimit-Limit': String(rule.limit),
    'X-RateLimit-Remaining': String(Math.max(0, rule.limit - window.count)),
    'X-RateLimit-Reset': seconds(resetAt),
    'X-RateLimit-Reset-After': seconds(resetAt - now),
    'X-RateLimit-Bucket': rule.hash,
  };
}
