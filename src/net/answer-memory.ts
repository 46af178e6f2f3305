import { createHash } from 'node:crypto';

/** How long answers are kept: a refusal for a few minutes, an acceptance for as long as it holds. */
export interface MemoryRule {
  readonly refusedForMs: number;
  readonly acceptedForMs: number;
  readonly maxEntries: number;
}

interface Entry<T> {
  readonly value: T | undefined;
  readonly until: number;
}

/**
 * Remembers what Discord answered about a secret (an access token), keyed by its SHA-256 so no
 * secret is kept: a refused token costs at most one call to Discord however often it is sent, and
 * the same token asked for twice at once waits for one call. Bounded: the oldest entries go first.
 */
export class AnswerMemory<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #asking = new Map<string, Promise<T | undefined>>();

  constructor(
    private readonly rule: MemoryRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** What was answered for `secret` and is still good, `'unknown'` when Discord must be asked. */
  recall(secret: string): T | undefined | 'unknown' {
    const key = keyOf(secret);
    const entry = this.#entries.get(key);
    if (!entry) return 'unknown';
    if (entry.until <= this.now()) {
      this.#entries.delete(key);
      return 'unknown';
    }
    return entry.value;
  }

  /** The remembered answer, the call already under way for the same secret, or `ask()` now. */
  async answer(secret: string, ask: () => Promise<T | undefined>): Promise<T | undefined> {
    const known = this.recall(secret);
    if (known !== 'unknown') return known;
    const key = keyOf(secret);
    const pending = this.#asking.get(key);
    if (pending) return pending;
    const asking = ask().then((value) => {
      this.#remember(key, value);
      return value;
    });
    this.#asking.set(key, asking);
    try {
      return await asking;
    } finally {
      this.#asking.delete(key);
    }
  }

  #remember(key: string, value: T | undefined): void {
    const lasts = value === undefined ? this.rule.refusedForMs : this.rule.acceptedForMs;
    this.#entries.delete(key);
    this.#entries.set(key, { value, until: this.now() + lasts });
    while (this.#entries.size > this.rule.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}

function keyOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
