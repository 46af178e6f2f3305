import type { StoredGame, TurnInPlay } from '../store/index.js';

/** Called when a computer seat should move or a person's turn has run out. */
export type DueTurnHandler = (gameId: number, version: number) => void;

/**
 * One timer per game in play: a computer seat's short pause, or a person's turn deadline. Timers
 * are derived from stored games (deadlines are persisted), so `armAll(store.turnsInPlay())` after
 * a restart rebuilds them exactly. A timer carries the state version it was armed for and is ignored if play moved on.
 */
export class TurnScheduler {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly onDue: DueTurnHandler,
    private readonly now: () => number,
    private readonly computerPauseMs: number,
  ) {}

  /** Arms (or re-arms) a game's timer after an accepted action; disarms it if no turn runs. */
  arm(game: StoredGame): void {
    const mover = game.state.status === 'playing' ? game.state.seats[game.state.currentSeat] : undefined;
    if (!mover) {
      this.disarm(game.id);
      return;
    }
    this.armTurn({
      gameId: game.id,
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
    this.disarm(gameId);
    if (this.stopped) return;
    let delay: number;
    if (computerToMove) delay = this.computerPauseMs;
    else if (turnDeadline !== null) delay = Math.max(0, turnDeadline - this.now());
    else return;
    const timer = setTimeout(() => {
      this.timers.delete(gameId);
      this.onDue(gameId, version);
    }, delay);
    this.timers.set(gameId, timer);
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
  }
}
