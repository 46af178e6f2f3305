import { CATEGORY_IDS, type CategoryId, type GameState, sheetTotal } from '../game/index.js';
import { analyseGame, COSTLY_LOSS, type DecisionReview } from '../strategy/index.js';

/** A finished daily game as its player is shown it, and as the share line sums it up. */
export interface DailyOutcome {
  readonly total: number;
  /** Expected points lost against optimal play, over the whole game. */
  readonly loss: number;
  /** How many decisions were reviewed (a keep or a stand before each reroll, and each row). */
  readonly decisions: number;
  /** Points lost in the turn that filled each row, in sheet order. */
  readonly rowLosses: Readonly<Record<CategoryId, number>>;
  /** Every decision next to the optimal one, as "How did I play?" lists them. */
  readonly reviews: readonly DecisionReview[];
}

/** The outcome of `playerId`'s game, from the same analysis as "How did I play?". */
export function dailyOutcome(state: GameState, playerId: string): DailyOutcome {
  const analysis = analyseGame(state).find((player) => player.playerId === playerId);
  const reviews = analysis?.decisions ?? [];
  const rowOfRound = new Map(
    state.history.filter((turn) => turn.playerId === playerId).map((turn) => [turn.round, turn.category]),
  );
  const rowLosses = Object.fromEntries(CATEGORY_IDS.map((row) => [row, 0])) as Record<CategoryId, number>;
  for (const review of reviews) {
    const row = rowOfRound.get(review.round);
    if (row) rowLosses[row] += review.loss;
  }
  return {
    total: sheetTotal(state.sheets[playerId] ?? {}),
    loss: analysis?.skillLoss ?? 0,
    decisions: reviews.length,
    rowLosses,
    reviews,
  };
}

/** Below this a row is played as well as the optimum (rounded to a tenth it reads 0.0). */
const SQUARES: readonly { readonly below: number; readonly square: string }[] = [
  { below: COSTLY_LOSS, square: '🟩' },
  { below: 1, square: '🟨' },
  { below: 3, square: '🟧' },
  { below: Number.POSITIVE_INFINITY, square: '🟥' },
];

/** The square of one row: green for optimal play, then yellow, orange and red as more was lost. */
export function lossSquare(loss: number): string {
  return (SQUARES.find((band) => loss < band.below) ?? SQUARES[SQUARES.length - 1]!).square;
}

/** Thirteen squares in sheet order: no dice, no row's score, nothing that spoils the deal. */
export function shareSquares(rowLosses: Readonly<Record<CategoryId, number>>): string {
  return CATEGORY_IDS.map((row) => lossSquare(rowLosses[row])).join('');
}

/**
 * Days in a row, ending today (or yesterday, while today is not played yet), that the person
 * finished; `days` are the days they finished, in any order.
 */
export function streakOf(days: readonly number[], today: number): number {
  const played = new Set(days);
  let day = played.has(today) ? today : today - 1;
  let streak = 0;
  while (played.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}

/** Where a total stands among a day's results: how many finished, and how many scored more. */
export interface DayStanding {
  readonly finished: number;
  readonly better: number;
}

/** The share of that day's players who did no better, as a whole percentage (100: nobody beat it). */
export function percentile({ finished, better }: DayStanding): number {
  return finished === 0 ? 100 : Math.floor((100 * (finished - better)) / finished);
}
