/**
 * Token buckets by key (an address, a socket, "everyone"): `capacity` tokens, refilled at
 * `perSecond`. Keys are forgotten once their bucket is full again, and at most `maxKeys` are kept
 * (the oldest dropped first), so a stranger inventing addresses cannot grow the map without end.
 */
export interface BucketRule {
  readonly capacity: number;
  readonly perSecond: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: BucketRule,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a token for `key` if one is there; false leaves the bucket as it was. */
  take(key: string): boolean {
    const bucket = this.#refilled(key);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    // Re-inserted last: the map's order is the order keys were last used.
    this.#buckets.delete(key);
    this.#buckets.set(key, bucket);
    while (this.#buckets.size > this.maxKeys) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest === undefined) break;
      this.#buckets.delete(oldest);
    }
    return true;
  }

  /** Returns a token taken for something that did not happen after all (up to the capacity). */
  giveBack(key: string): void {
    const bucket = this.#refilled(key);
    bucket.tokens = Math.min(this.rule.capacity, bucket.tokens + 1);
    if (bucket.tokens >= this.rule.capacity) this.#buckets.delete(key);
    else this.#buckets.set(key, bucket);
  }

  /** Milliseconds until `key` has a token (0: now), without taking it. */
  waitFor(key: string): number {
    const tokens = this.#refilled(key).tokens;
    return tokens >= 1 ? 0 : Math.ceil(((1 - tokens) / this.rule.perSecond) * 1000);
  }

  #refilled(key: string): Bucket {
    const now = this.now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.rule.capacity, at: now };
    bucket.tokens = Math.min(this.rule.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.rule.perSecond);
    bucket.at = now;
    if (bucket.tokens >= this.rule.capacity) this.#buckets.delete(key);
    return bucket;
  }
}
