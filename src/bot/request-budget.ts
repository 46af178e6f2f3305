/**
 * At most `perSecond` requests started in any one second, in the order they asked: a caller awaits
 * `take()` before its request. Turn pings use one, so that under a heavy load they wait here, where
 * a game's later turn makes a waiting ping pointless (see TurnPings), instead of in discord.js's
 * queue, where they would hold back the follow-ups and board edits that share Discord's global limit
 * of 50 requests a second.
 */
export class RequestBudget {
  /** When each of the last requests started, oldest first; none older than a second is kept. */
  private readonly started: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Resolves when a request may start, and counts it as started. */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const now = this.now();
        while (this.started.length > 0 && (this.started[0] ?? now) <= now - 1000) this.started.shift();
        if (this.started.length < this.perSecond) break;
        await this.sleep((this.started[0] ?? now) + 1000 - now);
      }
      this.started.push(this.now());
    });
    this.queue = turn;
    return turn;
  }
}
