/**
 * How long an interaction's drawing of a board waits for the bot's own edit of it already on its way
 * to Discord: such an edit takes milliseconds, and the interaction's 3 s must leave room for the
 * answer itself.
 */
const RESPONSE_WAIT_MS = 1_000;

/**
 * The order of the requests about each game's board (see BoardPublisher): the bot's redraws run one
 * after another, a redraw asked for while another waits to start is that one (it will read the
 * newest state anyway), and the updates answering clicks wait for the edit already sent.
 */
export class BoardQueue {
  private readonly chains = new Map<number, Promise<void>>();
  /** Each game's board edit that has left the request budget, until Discord has answered it. */
  private readonly sent = new Map<number, Promise<void>>();
  private readonly waiting = new Set<number>();
  /** The last update answering a click on each game's board (see respond), while under way. */
  private readonly answering = new Map<number, Promise<void>>();

  /**
   * Runs `draw` after the game's redraws under way and the updates answering clicks sent before it
   * was asked for; `failed` is told when it throws. A redraw already waiting to start stands for it.
   */
  redraw(gameId: number, draw: () => Promise<void>, failed: (error: unknown) => void): Promise<void> {
    const chained = this.chains.get(gameId);
    // A redraw that has not started yet will read the newest state anyway.
    if (chained && this.waiting.has(gameId)) return chained;
    this.waiting.add(gameId);
    // Updates answering clicks on this board, sent before this redraw was asked for, land first.
    const answered = this.answering.get(gameId);
    const next = (chained ?? Promise.resolve())
      .then(async () => {
        await answered;
        this.waiting.delete(gameId);
        await draw();
      })
      .catch(failed);
    keepUntilSettled(this.chains, gameId, next);
    return next;
  }

  /** See BoardPublisher.respond: `send` goes after the edit sent and the earlier answers, or after the bound. */
  respond<T>(gameId: number, send: () => Promise<T>): Promise<T> {
    const ahead = [this.sent.get(gameId), this.answering.get(gameId)].filter((work) => work !== undefined);
    const result = (ahead.length > 0 ? atMost(Promise.all(ahead), RESPONSE_WAIT_MS) : Promise.resolve()).then(send);
    // Kept apart from the redraws: turn pings wait for those (see TurnPings), not for clicks' answers.
    keepUntilSettled(this.answering, gameId, result);
    return result;
  }

  /** An attempt of a board edit has left the request budget: answers to clicks wait for it. */
  editSent(gameId: number, attempt: Promise<unknown>): void {
    keepUntilSettled(this.sent, gameId, attempt);
  }

  /** Resolves when the game's redraws under way have finished (at once when there are none). */
  async redrawn(gameId: number): Promise<void> {
    await this.chains.get(gameId);
  }

  /** Resolves when every redraw under way has finished. */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.allSettled([...this.chains.values()]);
  }
}

/**
 * Keeps `work`, as a promise that settles with it but never rejects, as the game's latest in `map`
 * until it settles; a newer one set meanwhile is not removed by it.
 */
function keepUntilSettled(map: Map<number, Promise<void>>, gameId: number, work: Promise<unknown>): void {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  map.set(gameId, settled);
  void settled.finally(() => {
    if (map.get(gameId) === settled) map.delete(gameId);
  });
}

/** Resolves when `work` settles or after `ms`, whichever comes first. */
function atMost(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, elapsed]).finally(() => clearTimeout(timer));
}
