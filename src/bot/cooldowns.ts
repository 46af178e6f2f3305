import type { Refusal } from './outcome.js';
import { refused } from './outcome.js';

/** What people can do only so often: each one posts a new message in the channel. */
export type CooldownKind = 'start' | 'board' | 'again' | 'share';

/**
 * How many cooldown units a person waits between two of each: /crag board adds the most noise, and
 * sharing one's statistics, which nobody needs to see twice in a row, waits the longest.
 */
const UNITS: Readonly<Record<CooldownKind, number>> = { start: 1, board: 3, again: 1, share: 6 };

const SWEEP_EVERY_MS = 60_000;

/**
 * Per-person cooldowns on the commands and buttons that post messages, so nobody can flood a
 * channel (or the bot's rate limits) with boards. In memory only: a restart forgets them, which is
 * harmless. Expired entries are swept as time goes on, so memory follows the people active in the
 * last minute, not everyone who ever played.
 */
export class Cooldowns {
  private readonly until = new Map<string, number>();
  private nextSweep: number;

  constructor(
    private readonly now: () => number,
    /** The length of one unit (COOLDOWN_MS); 0 turns cooldowns off. */
    private readonly unitMs: number,
  ) {
    this.nextSweep = now() + SWEEP_EVERY_MS;
  }

  /** Records a use and returns nothing, or refuses with when the person may try again. */
  check(kind: CooldownKind, userId: string): Refusal | undefined {
    const now = this.now();
    this.sweep(now);
    const key = `${kind}:${userId}`;
    const until = this.until.get(key);
    if (until !== undefined && until > now) {
      return refused('refusal.cooldown', { when: `<t:${Math.ceil(until / 1000)}:R>` });
    }
    if (this.unitMs > 0) this.until.set(key, now + UNITS[kind] * this.unitMs);
    return undefined;
  }

  /** People cooling down right now; for tests. */
  get size(): number {
    return this.until.size;
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, until] of this.until) if (until <= now) this.until.delete(key);
  }
}
