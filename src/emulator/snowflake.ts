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
    return this.#nextAt(BigInt(Math.floor(this.clock.now())));
  }

  /**
   * The next id whose guild would land on `shard` of `count` (`(id >> 22) % count`): the timestamp
   * part moves forward by at most `count - 1` ms, so ids stay increasing.
   */
  nextInShard(shard: number, count: number): string {
    if (!Number.isInteger(count) || count < 1 || !Number.isInteger(shard) || shard < 0 || shard >= count) {
      throw new RangeError(`no shard ${shard} of ${count}`);
    }
    const now = BigInt(Math.floor(this.clock.now()));
    // One past the last id's millisecond, unless the clock is already beyond it.
    let ms = now > this.#lastMs ? now : this.#lastMs + 1n;
    const total = BigInt(count);
    const offset = (((BigInt(shard) - ((ms - DISCORD_EPOCH_MS) % total)) % total) + total) % total;
    ms += offset;
    return this.#nextAt(ms);
  }

  /**
   * Notes an id given from outside (a rebuilt world), so generated ids keep sorting after it and
   * never collide with it.
   */
  observe(id: string): void {
    const ms = (BigInt(id) >> 22n) + DISCORD_EPOCH_MS;
    if (ms > this.#lastMs) {
      this.#lastMs = ms;
      this.#increment = BigInt(id) & MAX_INCREMENT;
    } else if (ms === this.#lastMs && (BigInt(id) & MAX_INCREMENT) > this.#increment) {
      this.#increment = BigInt(id) & MAX_INCREMENT;
    }
  }

  #nextAt(requestedMs: bigint): string {
    let ms = requestedMs;
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
}

/** Compares two snowflakes numerically without allocating BigInts. */
export function compareSnowflakes(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function snowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH_MS);
}

/** Index of the first id >= target in an ascending snowflake list. */
export function lowerBound(ids: readonly string[], target: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareSnowflakes(ids[mid] ?? '', target) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Index of the first id > target. */
export function upperBound(ids: readonly string[], target: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareSnowflakes(ids[mid] ?? '', target) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Where `id` is in an ascending snowflake list, or -1. */
export function indexOfSnowflake(ids: readonly string[], id: string): number {
  const index = lowerBound(ids, id);
  return ids[index] === id ? index : -1;
}
