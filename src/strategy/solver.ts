import { CATEGORY_IDS, type CategoryId, categoryIndex, type Dice, type Rules, scoreRoll } from '../game/index.js';
import { DICE_SPACE, diceSpaceBytes } from './dice-space.js';
import {
  type BestAction,
  bestActionAt,
  type RankedKeep,
  type RankedRow,
  rankKeepsAt,
  rankRowsAt,
} from './positions.js';
import { ALL_USED, ROW_COUNT } from './rows.js';
import { TurnEvaluator } from './turn.js';

/** The rows already filled: a list of row ids, or a bit set where bit i is `CATEGORY_IDS[i]`. */
export type UsedRows = readonly CategoryId[] | number;

/**
 * The exact solitaire solver for one rule set. `expected[used]` is the expected number of points
 * still to come from the open rows under optimal play, computed by backward induction over the
 * 2^13 sets of used rows (no bonus in Crag, so nothing else carries between turns).
 *
 * A solver may be built for a subset of the rows (`rows`); the others then count as used from the
 * start. The bot uses full solvers; subsets exist so tests can check against brute force.
 */
export class Solver {
  readonly rows: readonly CategoryId[];
  /** Rows outside `rows`, always counted as used. */
  readonly excludedMask: number;
  /** Points of roll r in row c at `c * 56 + r`. */
  readonly scores: Uint8Array;
  readonly expected: Float64Array;
  private readonly evaluator = new TurnEvaluator();
  private evaluatedMask = -1;

  constructor(
    readonly rules: Rules,
    rows: readonly CategoryId[] = CATEGORY_IDS,
  ) {
    this.rows = CATEGORY_IDS.filter((id) => rows.includes(id));
    this.excludedMask = ALL_USED & ~this.rows.reduce((mask, id) => mask | (1 << categoryIndex(id)), 0);
    this.scores = scoreTable(rules);
    this.expected = new Float64Array(ALL_USED + 1).fill(Number.NaN);
    this.solve();
  }

  /** Expected total of a whole game (of `rows`) under optimal play. */
  optimalExpectedTotal(): number {
    return this.expected[this.excludedMask]!;
  }

  /** Expected points still to come from the open rows under optimal play. */
  expectedRemaining(used: UsedRows): number {
    return this.expected[this.usedMask(used)]!;
  }

  rankKeeps(used: UsedRows, dice: Dice, rerollsLeft: number): RankedKeep[] {
    return rankKeepsAt(this, this.usedMask(used), dice, this.checkRerolls(rerollsLeft));
  }

  rankRows(used: UsedRows, dice: Dice): RankedRow[] {
    return rankRowsAt(this, this.usedMask(used), dice);
  }

  bestAction(used: UsedRows, dice: Dice, rerollsLeft: number): BestAction | null {
    return bestActionAt(this, this.usedMask(used), dice, this.checkRerolls(rerollsLeft));
  }

  /** The turn tables of one set of used rows with every reroll level filled; shared scratch. */
  turnAt(mask: number): TurnEvaluator {
    if (mask !== this.evaluatedMask) {
      this.fillStand(mask, this.evaluator);
      this.evaluator.run(this.rules.rerolls);
      this.evaluatedMask = mask;
    }
    return this.evaluator;
  }

  usedMask(used: UsedRows): number {
    const mask =
      typeof used === 'number' ? used : used.reduce((bits, id) => bits | (1 << categoryIndex(id)), 0 as number);
    if (!Number.isInteger(mask) || mask < 0 || mask > ALL_USED) throw new RangeError(`bad set of used rows ${mask}`);
    return mask | this.excludedMask;
  }

  /** Bytes held by this solver's tables, plus the shared dice tables. */
  tableBytes(): number {
    return this.scores.byteLength + this.expected.byteLength + diceSpaceBytes(DICE_SPACE);
  }

  private checkRerolls(rerollsLeft: number): number {
    if (!Number.isInteger(rerollsLeft) || rerollsLeft < 0 || rerollsLeft > this.rules.rerolls) {
      throw new RangeError(`rerollsLeft must be 0 to ${this.rules.rerolls}, got ${rerollsLeft}`);
    }
    return rerollsLeft;
  }

  private solve(): void {
    const evaluator = new TurnEvaluator();
    const rerolls = this.rules.rerolls;
    // A superset of used rows has a larger number, so descending order meets it first.
    for (let mask = ALL_USED; mask >= 0; mask -= 1) {
      if ((mask & this.excludedMask) !== this.excludedMask) continue;
      if (mask === ALL_USED) {
        this.expected[mask] = 0;
        continue;
      }
      this.fillStand(mask, evaluator);
      evaluator.run(rerolls);
      this.expected[mask] = evaluator.openingValue(rerolls);
    }
  }

  /** levels[0][roll] = the best row's points plus what is expected after it. */
  private fillStand(mask: number, evaluator: TurnEvaluator): void {
    const stand = evaluator.levels[0]!;
    const standRow = evaluator.standRow;
    const rollCount = DICE_SPACE.rollCount;
    stand.fill(Number.NEGATIVE_INFINITY);
    for (let row = 0; row < ROW_COUNT; row += 1) {
      const bit = 1 << row;
      if (mask & bit) continue;
      const after = this.expected[mask | bit]!;
      const base = row * rollCount;
      for (let roll = 0; roll < rollCount; roll += 1) {
        const value = this.scores[base + roll]! + after;
        if (value > stand[roll]!) {
          stand[roll] = value;
          standRow[roll] = row;
        }
      }
    }
  }
}

function scoreTable(rules: Rules): Uint8Array {
  const { rollCount, rollFaces } = DICE_SPACE;
  const table = new Uint8Array(ROW_COUNT * rollCount);
  CATEGORY_IDS.forEach((id, row) => {
    for (let roll = 0; roll < rollCount; roll += 1) {
      table[row * rollCount + roll] = scoreRoll(Array.from(rollFaces.subarray(3 * roll, 3 * roll + 3)), id, rules);
    }
  });
  return table;
}
