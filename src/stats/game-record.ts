import { CATEGORY_IDS, type CategoryId, type GameState, MAX_POINTS, standings } from '../game/index.js';
import { analyseGame } from '../strategy/index.js';

/** What one person's finished game adds to their statistics. */
export interface PlayerGameRecord {
  readonly playerId: string;
  readonly total: number;
  /** 1 for the best total; equal totals share a place. */
  readonly place: number;
  /** First place (shared included) in a game with at least two people: a solo game or one against computers only is no win. */
  readonly won: boolean;
  /** Left the game or was removed; their open rows scored 0. */
  readonly left: boolean;
  /** Points in each row, in sheet order (a row forfeited on leaving counts as 0). */
  readonly rows: Readonly<Record<CategoryId, number>>;
  /** 1 when the Crag row scored its full points, else 0. */
  readonly crags: number;
  /** Rows that scored 0. */
  readonly zeros: number;
  /** Expected points given away against the exact solver, over the whole game. */
  readonly skillLoss: number;
  /** What the dice gave above (or below) expectation: the analysis's decomposition. */
  readonly luck: number;
  /** The decisions reviewed (keeps and rows): points lost per decision is the skill figure. */
  readonly decisions: number;
}

/**
 * The statistics of a finished game's people, from the same analysis as "How did I play?", so the
 * lasting figures agree with what each player was shown after the game. Computers are left out:
 * they never enter a leaderboard or have statistics.
 */
export function recordGame(state: GameState): PlayerGameRecord[] {
  if (state.status !== 'finished') throw new RangeError(`only a finished game has a record, not a ${state.status} one`);
  const people = state.seats.filter((seat) => seat.computer === null).length;
  const analyses = new Map(analyseGame(state).map((analysis) => [analysis.playerId, analysis]));
  return standings(state)
    .filter((standing) => standing.computer === null)
    .map((standing) => {
      const sheet = state.sheets[standing.playerId] ?? {};
      const rows = Object.fromEntries(CATEGORY_IDS.map((row) => [row, sheet[row]?.points ?? 0])) as Record<
        CategoryId,
        number
      >;
      const analysis = analyses.get(standing.playerId);
      return {
        playerId: standing.playerId,
        total: standing.total,
        place: standing.place,
        won: standing.place === 1 && people >= 2,
        left: standing.left,
        rows,
        crags: rows.crag === MAX_POINTS.crag ? 1 : 0,
        zeros: CATEGORY_IDS.filter((row) => rows[row] === 0).length,
        skillLoss: analysis?.skillLoss ?? 0,
        luck: analysis?.luck ?? 0,
        decisions: analysis?.decisions.length ?? 0,
      };
    });
}
