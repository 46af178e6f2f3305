/** Where the emulator reads the time: snowflakes, timestamps, the 3 s and 15 min interaction windows. */
export interface Clock {
  now(): number;
}

/** Wraps a base clock with an offset, so a test can jump forward (expire a token) without waiting. */
export class EmulatorClock implements Clock {
  #offsetMs = 0;

  constructor(private readonly base: Clock = { now: () => Date.now() }) {}

  now(): number {
    return this.base.now() + this.#offsetMs;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(ms) needs a finite ms >= 0, got ${ms}`);
    this.#offsetMs += ms;
  }
}
