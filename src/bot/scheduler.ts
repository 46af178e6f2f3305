import type { StoredGame } from '../store/index.js';

/** Called when a computer seat should move or a person's turn has run out. */
export type DueTurnHandler = (gameId: number, version: number) => void;

/**
 * One timer per game in play: a computer seat's short pause, or a person's turn deadline. Timers
 * are derived from stored games (deadlines are persisted), so `armAll` after a restart rebuilds
 * them exactly. A timer carries the state version it was armed for and is ignored if play moved on.
 */
export class TurnScheduler {
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly onDue: DueTurnHandler,
    private readonly now: () => number,
    private readonly computerPauseMs: number,
  ) {}

  arm(game: StoredGame): void {
    this.disarm(game.id);
    if (this.stopped || game.state.status !== 'playing') return;
    const seat = game.state.seats[game.state.currentSeat];
    if (!seat) return;
    let delay: number;
    if (seat.computer !== null) delay = this.computerPauseMs;
    else if (game.turnDeadline !== null) delay = Math.max(0, game.turnDeadline - this.now());
    else return;
    const version = game.state.version;
    const timer = setTimeout(() => {
      this.timers.delete(game.id);
      this.onDue(game.id, version);
    }, delay);
    this.timers.set(game.id, timer);
  }

  armAll(games: Iterable<StoredGame>): void {
    for (const game of games) this.arm(game);
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
