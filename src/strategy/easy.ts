import {
  bestImmediateRow,
  type CategoryId,
  currentDice,
  type GameState,
  type Keep,
  rerollsLeft,
  scoreRoll,
} from '../game/index.js';

/** A roll scoring at least this much (a straight, three of a kind, Thirteen, Crag) is kept as it is. */
const GOOD_ENOUGH = 20;

export type EasyDecision =
  | { readonly type: 'keep'; readonly keep: Keep }
  | { readonly type: 'score'; readonly category: CategoryId };

/**
 * The casual player: scores the row worth the most points right now (the cheapest row on a tie,
 * as the turn timer does), and with rerolls left and nothing worth 20 on the table, keeps the most
 * common face (the higher on a tie) and rerolls the rest. No look-ahead at all.
 */
export function easyDecision(state: GameState): EasyDecision | null {
  const row = bestImmediateRow(state);
  if (!row || !state.turn) return null;
  const dice = currentDice(state.turn);
  if (rerollsLeft(state) > 0 && scoreRoll(dice, row, state.rules) < GOOD_ENOUGH) {
    const face = mostCommonFace(dice);
    const keep: Keep = [dice[0] === face, dice[1] === face, dice[2] === face];
    if (!keep.every(Boolean)) return { type: 'keep', keep };
  }
  return { type: 'score', category: row };
}

function mostCommonFace(dice: readonly number[]): number {
  const count = (face: number) => dice.filter((d) => d === face).length;
  return [...dice].sort((a, b) => count(b) - count(a) || b - a)[0] ?? 6;
}
