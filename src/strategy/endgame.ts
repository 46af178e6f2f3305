import { CATEGORIES } from '../game/index.js';
import { DICE_SPACE } from './dice-space.js';
import { maxRemaining } from './distribution.js';
import type { Solver } from './solver.js';
import { TurnEvaluator } from './turn.js';

const ALL_USED = (1 << CATEGORIES.length) - 1;

/**
 * The exact chance-to-win plan of a player with few rows left, against rivals whose finals are
 * independent of the player's dice: `beaten[x]` is the chance that every rival finishes on at
 * most x points. `values(after, points)` is the best expected objective once the rows `after` are
 * used with `points` more scored this turn; the objective is win chance + pointsWeight × final,
 * so equal chances (0 or 1) are settled by expected points.
 */
export class EndgamePlan {
  private readonly tables = new Map<number, Float64Array>();
  private readonly evaluator = new TurnEvaluator();

  constructor(
    private readonly solver: Solver,
    readonly mask: number,
    readonly total: number,
    private readonly beaten: Float64Array,
    private readonly pointsWeight: number,
  ) {
    const open = ALL_USED & ~mask;
    // Supersets of mask in decreasing numeric order: every superset comes before its subsets.
    for (let sub = open; ; sub = (sub - 1) & open) {
      const after = mask | sub;
      if (after !== mask) this.tables.set(after, this.tableFor(after));
      if (sub === 0) break;
    }
  }

  /** The objective after using the rows of `after` (a strict superset of `mask`) and gaining `gained`. */
  value(after: number, gained: number): number {
    return this.tables.get(after)![gained]!;
  }

  /** A turn table for this turn: levels[0][roll] is the best row's objective. */
  turn(): TurnEvaluator {
    this.fillStand(this.mask, 0, this.evaluator);
    this.evaluator.run(this.solver.rules.rerolls);
    return this.evaluator;
  }

  /** table[g]: the objective at `after` having gained g points since the plan's turn began. */
  private tableFor(after: number): Float64Array {
    const table = new Float64Array(maxRemaining(this.mask) - maxRemaining(after) + 1);
    for (let gained = 0; gained < table.length; gained += 1) {
      if (after === ALL_USED) {
        table[gained] = this.terminal(this.total + gained);
        continue;
      }
      this.fillStand(after, gained, this.evaluator);
      this.evaluator.run(this.solver.rules.rerolls);
      table[gained] = this.evaluator.openingValue(this.solver.rules.rerolls);
    }
    return table;
  }

  private terminal(final: number): number {
    const chance = final < this.beaten.length ? this.beaten[final]! : 1;
    return chance + this.pointsWeight * final;
  }

  private fillStand(at: number, gained: number, evaluator: TurnEvaluator): void {
    const { rollCount } = DICE_SPACE;
    const stand = evaluator.levels[0]!;
    stand.fill(Number.NEGATIVE_INFINITY);
    for (let row = 0; row < CATEGORIES.length; row += 1) {
      const bit = 1 << row;
      if (at & bit) continue;
      const next = this.tables.get(at | bit)!;
      for (let roll = 0; roll < rollCount; roll += 1) {
        const value = next[gained + this.solver.scores[row * rollCount + roll]!]!;
        if (value > stand[roll]!) {
          stand[roll] = value;
          evaluator.standRow[roll] = row;
        }
      }
    }
  }
}
