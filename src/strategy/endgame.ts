import { DICE_SPACE } from './dice-space.js';
import { ALL_USED, maxRemaining, ROW_COUNT } from './rows.js';
import type { Solver } from './solver.js';
import { TurnEvaluator } from './turn.js';

/**
 * The exact plan to win of a player with few rows left, against rivals whose finals do not depend
 * on the player's dice: `beaten[x]` is the chance that every rival finishes on at most x points
 * (1 beyond its end). The objective is that chance at the player's final total, plus
 * pointsWeight × the final total, so that equal chances (0 or 1) are settled by expected points.
 * Tables hold the best expected objective for every later set of used rows and every number of
 * points that can have been gained from now on to get there; the cost is 2^open rows × those
 * numbers × one turn's expectimax.
 */
export class EndgamePlan {
  private readonly tables = new Map<number, Float64Array>();
  private readonly reachable = new Map<number, Uint8Array>();
  private readonly evaluator = new TurnEvaluator();
  /** The distinct points each row can score. */
  private readonly rowPoints: number[][];

  constructor(
    private readonly solver: Solver,
    readonly mask: number,
    readonly total: number,
    private readonly beaten: Float64Array,
    private readonly pointsWeight: number,
  ) {
    const { rollCount } = DICE_SPACE;
    this.rowPoints = Array.from({ length: ROW_COUNT }, (_, row) => [
      ...new Set(solver.scores.subarray(row * rollCount, (row + 1) * rollCount)),
    ]);
    const open = ALL_USED & ~mask;
    // Strict supersets of mask in decreasing numeric order: each comes after its own supersets.
    for (let sub = open; sub !== 0; sub = (sub - 1) & open) this.tables.set(mask | sub, this.tableFor(mask | sub));
  }

  /** The best expected objective from the start of this turn, before its opening roll. */
  openingValue(): number {
    return this.turn().openingValue(this.solver.rules.rerolls);
  }

  /** This turn's tables: levels[k][roll], keepValues[k][keep], and standRow[roll], the row to take. */
  turn(): TurnEvaluator {
    this.fillStand(this.mask, 0);
    this.evaluator.run(this.solver.rules.rerolls);
    return this.evaluator;
  }

  /** table[g]: the best expected objective with the rows of `after` used and g points gained. */
  private tableFor(after: number): Float64Array {
    const table = new Float64Array(maxRemaining(this.mask) - maxRemaining(after) + 1).fill(Number.NaN);
    const reachable = this.reachableGains(after);
    const rest = maxRemaining(after);
    for (let gained = 0; gained < table.length; gained += 1) {
      if (!reachable[gained]) continue;
      const low = this.total + gained;
      const chance = this.beatenAt(low);
      if (chance === this.beatenAt(low + rest)) {
        // The same chance whatever happens: only points matter, and the solver maximises those.
        table[gained] = chance + this.pointsWeight * (low + this.solver.expected[after]!);
        continue;
      }
      this.fillStand(after, gained);
      this.evaluator.run(this.solver.rules.rerolls);
      table[gained] = this.evaluator.openingValue(this.solver.rules.rerolls);
    }
    return table;
  }

  /** reachable[g] = 1 when the rows of `after` not used yet can have brought exactly g points. */
  private reachableGains(after: number): Uint8Array {
    const known = this.reachable.get(after);
    if (known) return known;
    const reachable = new Uint8Array(maxRemaining(this.mask) - maxRemaining(after) + 1);
    if (after === this.mask) reachable[0] = 1;
    for (let row = 0; row < ROW_COUNT; row += 1) {
      const bit = 1 << row;
      if (!(after & bit) || this.mask & bit) continue;
      const before = this.reachableGains(after ^ bit);
      const points = this.rowPoints[row]!;
      before.forEach((yes, gained) => {
        if (yes) for (const p of points) reachable[gained + p] = 1;
      });
    }
    this.reachable.set(after, reachable);
    return reachable;
  }

  private beatenAt(final: number): number {
    return final < this.beaten.length ? this.beaten[final]! : 1;
  }

  private fillStand(at: number, gained: number): void {
    const { rollCount } = DICE_SPACE;
    const stand = this.evaluator.levels[0]!;
    stand.fill(Number.NEGATIVE_INFINITY);
    for (let row = 0; row < ROW_COUNT; row += 1) {
      const bit = 1 << row;
      if (at & bit) continue;
      const next = this.tables.get(at | bit)!;
      for (let roll = 0; roll < rollCount; roll += 1) {
        const value = next[gained + this.solver.scores[row * rollCount + roll]!]!;
        if (value > stand[roll]!) {
          stand[roll] = value;
          this.evaluator.standRow[roll] = row;
        }
      }
    }
  }
}
