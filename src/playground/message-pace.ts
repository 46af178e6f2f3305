/** At most this many messages from one person… */
export const MESSAGES_PER_WINDOW = 5;
/** …within this many milliseconds: a person chatting never meets it, a script flooding does at once. */
export const PACE_WINDOW_MS = 5_000;

export type PaceVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number };

/**
 * A slowmode-like limit on each person's messages, as Discord puts one on a channel: a message
 * beyond the allowance is refused with how long until the next may go, and nothing is stored.
 * Pure: the caller passes the time.
 */
export class MessagePace {
  /** Each person's recent send times, oldest first; never longer than the allowance. */
  readonly #sent = new Map<string, number[]>();

  constructor(
    private readonly perWindow = MESSAGES_PER_WINDOW,
    private readonly windowMs = PACE_WINDOW_MS,
  ) {}

  take(personId: string, nowMs: number): PaceVerdict {
    const recent = (this.#sent.get(personId) ?? []).filter((at) => nowMs - at < this.windowMs);
    if (recent.length >= this.perWindow) {
      this.#sent.set(personId, recent);
      return { allowed: false, retryAfterMs: (recent[0] ?? nowMs) + this.windowMs - nowMs };
    }
    recent.push(nowMs);
    this.#sent.set(personId, recent);
    return { allowed: true };
  }
}
