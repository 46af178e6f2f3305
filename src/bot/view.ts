import type { GameStore, StoredGame } from '../store/index.js';
import type { GameView } from './render/index.js';

/** Gathers what the renderers need for a stored game: the state, its settings and, once over, the series. */
export async function gameView(store: GameStore, game: StoredGame): Promise<GameView> {
  const view: GameView = {
    gameId: game.id,
    state: game.state,
    settings: {
      turnTimerMinutes: Math.round(game.turnTimerSeconds / 60),
      hintsEnabled: game.hintsEnabled,
      pingsEnabled: game.pingsEnabled,
    },
    turnDeadline: game.turnDeadline,
  };
  if (game.state.status !== 'finished') return view;
  // A tournament's table is one game in a thread of its own: there is no next game to offer.
  if (game.state.tournamentTable) return { ...view, nextGameStarted: true };
  const [games, totals] = await Promise.all([store.seriesGames(game.seriesId), store.seriesTotals(game.seriesId)]);
  return {
    ...view,
    series: { gameNumber: game.seriesGameNumber, totals },
    nextGameStarted: games.some((other) => other.seriesGameNumber > game.seriesGameNumber),
  };
}
