import { CATEGORIES, type CategoryId, type GameState, MAX_POINTS, type Sheet, standings } from '../game/index.js';
import type { ScoreCardLabels, ScoreCardModel, ScoreCardPlayer, ScoreCell } from './model.js';

/** The translated words of a card; the bot looks them up in the reader's language. */
export interface ScoreCardText {
  readonly title: string;
  readonly subtitle?: string;
  readonly rowLabels: Readonly<Record<CategoryId, string>>;
  readonly labels: ScoreCardLabels;
  readonly locale: string;
}

/**
 * The card of a game as it stands: every seat in seat order, the rows in sheet order, open rows
 * empty. Places only once the game is finished: a game in play or called off has no result yet.
 */
export function scoreCardModel(
  state: GameState,
  names: (playerId: string) => string,
  text: ScoreCardText,
): ScoreCardModel {
  const ranked = new Map(standings(state).map((standing) => [standing.playerId, standing]));
  const players = state.seats.map((seat): ScoreCardPlayer => {
    const standing = ranked.get(seat.playerId);
    if (!standing) throw new Error(`no standing for seat ${seat.playerId}`);
    return {
      name: names(seat.playerId),
      isComputer: seat.computer !== null,
      left: seat.left,
      total: standing.total,
      place: state.status === 'finished' ? standing.place : null,
      cells: cellsOf(state.sheets[seat.playerId] ?? {}),
    };
  });
  return {
    title: text.title,
    ...(text.subtitle === undefined ? {} : { subtitle: text.subtitle }),
    rows: CATEGORIES.map((category) => ({ label: text.rowLabels[category.id] })),
    players,
    labels: text.labels,
    cragPoints: MAX_POINTS.crag,
    locale: text.locale,
  };
}

function cellsOf(sheet: Sheet): (ScoreCell | null)[] {
  return CATEGORIES.map(({ id }) => {
    const entry = sheet[id];
    if (!entry) return null;
    return { points: entry.points, crag: id === 'crag' && entry.points === MAX_POINTS.crag, zero: entry.points === 0 };
  });
}
