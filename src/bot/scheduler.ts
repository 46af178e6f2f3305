import type { StoredGame, TurnInPlay } from '../store/index.js';

/**
 * Called when a computer seat should move or a person's turn has run out. It may answer with a
 * delay in ms: the turn cannot be played yet (its board is out of reach) and is due again then.
 */
export type DueTurnHandler = (gameId: number, version: number) => Promise<number | undefined>;

/** Told when a due turn failed; the scheduler tries that turn again after `retryInMs`. */
export type DueTurnFailure = (error: unknown, context: { gameId: number; version: number; retryInMs: number }) => void;

export interface TurnSchedulerOptions {
  readonly onDue: DueTurnHandler;
  readonly now: () => number;
  /** How long a computer seat pauses before each move. */
  readonly computerPauseMs: number;
  readonly onFailure?: DueTurnFailure;
  /** The first retry of a failed turn waits this long (5 s); each further failure doubles it. */
  readonly firstRetryMs?: number;
  /** The longest wait between retries (5 minutes). */
  readonly maxRetryMs?: number;
}

/**
 * One timer per game in play: a computer seat's short pause, or a person's turn deadline. Timers
 * are derived from stored games (deadlines are persisted), so `armAll(store.turnsInPlay())` after
 * a restart rebuilds them exactly. A timer carries the state version it was armed for and is ignored if play moved on.
 *
 * A due turn that fails (a busy or full database, an unexpected error) never escapes into the
 * event loop: it is reported and tried again later with a growing pause, while every other game
 * carries on. It never retries in a tight loop.
 */
export class TurnScheduler {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  /** Failures in a row of each game's due turn; dropped once it succeeds or the game moves on. */
  private readonly failures = new Map<number, number>();
  private stopped = false;
  private readonly onDue: DueTurnHandler;
  private readonly now: () => number;
  private readonly computerPauseMs: number;
  private readonly onFailure: DueTurnFailure;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;

  constructor(options: TurnSchedulerOptions) {
    this.onDue = options.onDue;
    this.now = options.now;
    this.computerPauseMs = options.computerPauseMs;
    this.onFailure = options.onFailure ?? (() => {});
    this.firstRetryMs = options.firstRetryMs ?? 5_000;
    this.maxRetryMs = options.maxRetryMs ?? 5 * 60_000;
  }

  /** Arms (or re-arms) a game's timer after an accepted action; disarms it if no turn runs. */
  arm(game: StoredGame): void {
    this.failures.delete(game.id);
    const mover = game.state.status === 'playing' ? game.state.seats[game.state.currentSeat] : undefined;
    if (!mover) {
      this.disarm(game.id);
      return;
    }
    this.armTurn({
      gameId: game.id,
      guildId: game.guildId,
      version: game.state.version,
      computerToMove: mover.computer !== null,
      turnDeadline: game.turnDeadline,
    });
  }

  /** Arms every turn given (after a restart); returns how many there were. */
  armAll(turns: readonly TurnInPlay[]): number {
    for (const turn of turns) this.armTurn(turn);
    return turns.length;
  }

  /**
   * The timer keeps two numbers, not the game: a closure over a whole game would hold its state
   * (turn history included) in memory for as long as the turn lasts.
   */
  private armTurn({ gameId, version, computerToMove, turnDeadline }: TurnInPlay): void {
    let delay: number;
    if (computerToMove) delay = this.computerPauseMs;
    else if (turnDeadline !== null) delay = Math.max(0, turnDeadline - this.now());
    else {
      this.disarm(gameId);
      return;
    }
    this.setTimer(gameId, version, delay);
  }

  private setTimer(gameId: number, version: number, delay: number): void {
    this.disarm(gameId);
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(gameId);
      void this.fire(gameId, version);
    }, delay);
    this.timers.set(gameId, timer);
  }

  private async fire(gameId: number, version: number): Promise<void> {
    try {
      const again = await this.onDue(gameId, version);
      this.failures.delete(gameId);
      if (again !== undefined && !this.timers.has(gameId)) this.setTimer(gameId, version, again);
    } catch (error) {
      const failures = (this.failures.get(gameId) ?? 0) + 1;
      this.failures.set(gameId, failures);
      const retryInMs = Math.min(this.firstRetryMs * 2 ** (failures - 1), this.maxRetryMs);
      this.onFailure(error, { gameId, version, retryInMs });
      // Unless play moved on meanwhile (a click re-armed the timer), try the same turn again later.
      if (!this.timers.has(gameId)) this.setTimer(gameId, version, retryInMs);
    }
  }

  /** How many timers are waiting (the operators' metrics). */
  get armed(): number {
    return this.timers.size;
  }

  disarm(gameId: number): void {
    const timer = this.timers.get(gameId);
    if (timer) clearTimeout(timer);
    this.timers.delete(gameId);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.failures.clear();
  }
}
