import type { Clock } from './clock.js';

const DISCORD_EPOCH_MS = 1_420_070_400_000n;
const MAX_INCREMENT = 0xfffn;
const WORKER_BITS = 1n << 17n;

/**
 * Discord-shaped snowflakes (17–19 digits, timestamp in the top bits), strictly increasing so that
 * ordering by id is ordering by creation, as on Discord.
 */
export class SnowflakeGenerator {
  #lastMs = 0n;
  #increment = 0n;

  constructor(private readonly clock: Clock) {}

  next(): string {
    let ms = BigInt(Math.floor(this.clock.now()));
    if (ms <= this.#lastMs) {
      ms = this.#lastMs;
      this.#increment += 1n;
      if (this.#increment > MAX_INCREMENT) {
        ms += 1n;
        this.#increment = 0n;
      }
    } else {
      this.#increment = 0n;
    }
    this.#lastMs = ms;
    return (((ms - DISCORD_EPOCH_MS) << 22n) | WORKER_BITS | this.#increment).toString();
  }

  /**
   * Ids made from now on sort after `id`, even if it came from a saved world whose clock ran ahead
   * of this one: restored messages keep their order before new ones.
   */
  reserveThrough(id: string): void {
    const ms = (BigInt(id) >> 22n) + DISCORD_EPOCH_MS;
    const increment = BigInt(id) & MAX_INCREMENT;
    if (ms > this.#lastMs || (ms === this.#lastMs && increment > this.#increment)) {
      this.#lastMs = ms;
      this.#increment = increment;
    }
  }
}

/** Compares two snowflakes numerically without allocating BigInts. */
export function compareSnowflakes(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function snowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH_MS);
}
