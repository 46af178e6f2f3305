import type { GameStore, StoredGame } from '../store/index.js';

/**
 * Which drawing of each game's board is the newest to have landed, so that older ones are dropped
 * (see budgetedRequests) or painted over with a redraw instead of left showing (see
 * BoardPublisher.landed). Kept while the game is in play.
 */
export class LandedDrawings {
  /** The newest state version whose drawing has landed on each board of a game in play. */
  private readonly newestLanded = new Map<number, number>();

  constructor(private readonly store: GameStore) {}

  /**
   * Whether a drawing of `game` (at its version) that has just landed is older than what the board
   * should show: than a drawing that already landed, or when none is known (the first drawing, or
   * after the game ended), than the stored state.
   */
  async landedBehind(game: StoredGame): Promise<boolean> {
    const drawn = game.state.version;
    const newest = this.newestLanded.get(game.id);
    return newest === undefined
      ? ((await this.store.gameById(game.id))?.state.version ?? drawn) > drawn
      : newest > drawn;
  }

  /** The board shows `version` now: later drawings are compared with it. */
  shows(gameId: number, version: number): void {
    this.newestLanded.set(gameId, version);
  }

  /** Whether a drawing of the game at `version` is older than one that already landed on its board. */
  isSuperseded(gameId: number, version: number): boolean {
    const newest = this.newestLanded.get(gameId);
    return newest !== undefined && newest > version;
  }

  forget(gameId: number): void {
    this.newestLanded.delete(gameId);
  }
}
