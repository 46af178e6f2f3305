import { CATEGORY_IDS, type CategoryId, type Dice } from '../game/index.js';
import { DICE_SPACE, rollIndex } from './dice-space.js';
import { type KeepOption, keepOptions } from './keep-options.js';
import { ALL_USED, ROW_COUNT } from './rows.js';
import type { TurnEvaluator } from './turn.js';

/**
 * Every "expected" below is the expected number of points still to come from this decision on,
 * this turn's points included, under optimal play afterwards. Points already on the sheet are the
 * caller's to add.
 */
export interface RankedKeep extends Omit<KeepOption, 'keepIndex' | 'roll'> {
  readonly expected: number;
}

export interface RankedRow {
  readonly category: CategoryId;
  /** Points these dice score in the row now. */
  readonly points: number;
  /** `points` plus the points expected from the rows still open afterwards. */
  readonly expected: number;
}

export type BestAction =
  | ({ readonly type: 'keep' } & Omit<RankedKeep, 'stands'>)
  | ({ readonly type: 'row' } & RankedRow);

/**
 * What ranking a position reads of a solved rule set. The solver (solver.ts) is one; it calls the
 * functions below with itself, so they name only what they read rather than import the solver back.
 */
export interface SolvedTables {
  /** Points of roll r in row c at `c * 56 + r`. */
  readonly scores: Uint8Array;
  /** Expected points still to come, by set of used rows. */
  readonly expected: Float64Array;
  /** The turn tables of one set of used rows with every reroll level filled. */
  turnAt(mask: number): TurnEvaluator;
}

/** Values closer than this are ties; ties go to standing, then to keeping more dice. */
export const TIE_TOLERANCE = 1e-9;

/** Every distinct keep of these dice, best first. With no rerolls left, only "all". */
export function rankKeepsAt(solver: SolvedTables, mask: number, dice: Dice, rerollsLeft: number): RankedKeep[] {
  return mask === ALL_USED ? [] : rankKeepsOf(solver.turnAt(mask), dice, rerollsLeft);
}

/** The keeps of `dice` ranked by a filled turn table, whatever objective it holds. */
export function rankKeepsOf(turn: TurnEvaluator, dice: Dice, rerollsLeft: number): RankedKeep[] {
  return keepOptions(dice)
    .filter((option) => option.stands || rerollsLeft > 0)
    .map(({ keep, kept, label, stands, ...option }) => ({
      keep,
      kept,
      label,
      stands,
      expected: optionValue(turn, option, rerollsLeft),
    }))
    .sort((a, b) => compareValues(a.expected, b.expected));
}

/** The best keep by a filled turn table, without ranking the others. */
export function bestKeepOf(turn: TurnEvaluator, dice: Dice, rerollsLeft: number): KeepOption {
  const options = keepOptions(dice);
  let best = options[0]!;
  let bestValue = optionValue(turn, best, rerollsLeft);
  if (rerollsLeft === 0) return best;
  for (const option of options) {
    const value = optionValue(turn, option, rerollsLeft);
    if (value > bestValue + TIE_TOLERANCE) {
      best = option;
      bestValue = value;
    }
  }
  return best;
}

function optionValue(turn: TurnEvaluator, option: Pick<KeepOption, 'keepIndex' | 'roll'>, rerollsLeft: number) {
  return option.keepIndex < 0 ? turn.levels[0]![option.roll]! : turn.keepValues[rerollsLeft]![option.keepIndex]!;
}

/** Every open row with what these dice score there, best first (sheet order on ties). */
export function rankRowsAt(solver: SolvedTables, mask: number, dice: Dice): RankedRow[] {
  const roll = rollIndex(dice);
  const rows: RankedRow[] = [];
  CATEGORY_IDS.forEach((category, row) => {
    const bit = 1 << row;
    if (mask & bit) return;
    const points = solver.scores[row * DICE_SPACE.rollCount + roll]!;
    rows.push({ category, points, expected: points + solver.expected[mask | bit]! });
  });
  return rows.sort((a, b) => compareValues(a.expected, b.expected));
}

/** The optimal next step: a keep to reroll with, or the row to score in. Null when no row is open. */
export function bestActionAt(solver: SolvedTables, mask: number, dice: Dice, rerollsLeft: number): BestAction | null {
  if (mask === ALL_USED) return null;
  if (rerollsLeft > 0) {
    const turn = solver.turnAt(mask);
    const best = bestKeepOf(turn, dice, rerollsLeft);
    if (!best.stands) {
      const { keep, kept, label } = best;
      return { type: 'keep', keep, kept, label, expected: optionValue(turn, best, rerollsLeft) };
    }
  }
  const row = bestRowAt(solver, mask, rollIndex(dice));
  return { type: 'row', ...row };
}

function bestRowAt(solver: SolvedTables, mask: number, roll: number): RankedRow {
  let best: RankedRow | null = null;
  for (let row = 0; row < ROW_COUNT; row += 1) {
    const bit = 1 << row;
    if (mask & bit) continue;
    const points = solver.scores[row * DICE_SPACE.rollCount + roll]!;
    const expected = points + solver.expected[mask | bit]!;
    if (!best || expected > best.expected + TIE_TOLERANCE) best = { category: CATEGORY_IDS[row]!, points, expected };
  }
  return best!;
}

/** Descending order, with values within the tolerance treated as equal. */
export function compareValues(a: number, b: number): number {
  return Math.abs(a - b) <= TIE_TOLERANCE ? 0 : b - a;
}
