/** What every table reports into: counts, latencies, refusals. */
export class Tally {
  interactions = 0;
  /** Interactions the bot acknowledged first and answered after (slow answers, see src/bot/answer-in-time.ts). */
  deferred = 0;
  readonly answered: { sentAtMs: number; ms: number }[] = [];
  /** Interactions with no answer in Discord's 3 s: when they were sent, and what they were. */
  readonly failed: { atMs: number; kind: string }[] = [];
  readonly refusals = new Map<string, number>();
  readonly byKind = new Map<string, number>();
  /** Moves the driver could not make (an ImpossibleActionError: e.g. a board in a thread just archived). */
  impossible = 0;
  readonly driverErrors: string[] = [];
  /** Tables whose `/crag board` at the end showed no game: what each person got instead, to start a search with. */
  readonly unshownAtEnd: string[] = [];
  /**
   * Tables where nobody's `/crag board` at the end showed the game at first, one of them because of
   * its cooldown, so that it was asked again once that ended: each would have counted as stuck.
   */
  endBoardsAfterCooldown = 0;

  refused(code: string): void {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }
}
