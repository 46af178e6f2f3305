import type { Store, StoredGame } from '../store/index.js';
import type { GameView } from './render/index.js';

/** Gathers what the renderers need for a stored game: the state, its settings and, once over, the series. */
export function gameView(store: Store, game: StoredGame): GameView {
  const view: GameView = {
    gameId: game.id,
    state: game.state,
    settings: { turnTimerMinutes: Math.round(game.turnTimerSeconds / 60), hintsEnabled: game.hintsEnabled },
    turnDeadline: game.turnDeadline,
  };
  if (game.state.status !== 'finished') return view;
  const nextGameStarted = store
    .seriesGames(game.seriesId)
    .some((other) => other.seriesGameNumber > game.seriesGameNumber);
  return {
    ...view,
    series: { gameNumber: game.seriesGameNumber, totals: store.seriesTotals(game.seriesId) },
    nextGameStarted,
  };
}
