import { DICE_SPACE, type DiceSpace, NOTHING_KEPT } from './dice-space.js';

/** The most rerolls any rule set allows. */
export const MAX_REROLLS = 2;

/**
 * One turn of expectimax over the sorted rolls, for any objective. The caller fills `levels[0]`
 * with the value of standing on each roll (its best row); `run` then fills, for k = 1..rerolls,
 * `keepValues[k][keep]` (the expected value of rerolling the unkept dice with k rerolls left) and
 * `levels[k][roll]` (the value of a roll with k rerolls left: stand, or the best partial keep).
 * `choices` records the decisions, so a caller can follow the policy (see distribution.ts).
 */
export class TurnEvaluator {
  readonly levels: Float64Array[];
  readonly keepValues: Float64Array[];
  /** choices[k][roll]: the keep a roll with k rerolls left takes, or -1 to stand (k >= 1). */
  readonly choices: Int8Array[];
  /** The row each roll goes in when standing, if the caller that filled levels[0] records it. */
  readonly standRow: Int8Array;

  constructor(readonly space: DiceSpace = DICE_SPACE) {
    const make = (size: number) => Array.from({ length: MAX_REROLLS + 1 }, () => new Float64Array(size));
    this.levels = make(space.rollCount);
    this.keepValues = make(space.keepCount);
    this.choices = Array.from({ length: MAX_REROLLS + 1 }, () => new Int8Array(space.rollCount));
    this.standRow = new Int8Array(space.rollCount);
  }

  run(rerolls: number): void {
    for (let level = 1; level <= rerolls; level += 1) this.runLevel(level);
  }

  /** The expected value of a turn before its opening roll, with `rerolls` rerolls to come. */
  openingValue(rerolls: number): number {
    return this.expectation(this.levels[rerolls]!, NOTHING_KEPT);
  }

  private expectation(values: Float64Array, keep: number): number {
    const { transitionStart, transitionRoll, transitionProbability } = this.space;
    let sum = 0;
    for (let t = transitionStart[keep]!, end = transitionStart[keep + 1]!; t < end; t += 1) {
      sum += transitionProbability[t]! * values[transitionRoll[t]!]!;
    }
    return sum;
  }

  private runLevel(level: number): void {
    const { keepCount, rollCount, subKeepStart, subKeep } = this.space;
    const previous = this.levels[level - 1]!;
    const keepValues = this.keepValues[level]!;
    const stand = this.levels[0]!;
    const current = this.levels[level]!;
    const choices = this.choices[level]!;
    for (let keep = 0; keep < keepCount; keep += 1) keepValues[keep] = this.expectation(previous, keep);
    for (let roll = 0; roll < rollCount; roll += 1) {
      let best = stand[roll]!;
      let bestKeep = -1;
      for (let s = subKeepStart[roll]!, end = subKeepStart[roll + 1]!; s < end; s += 1) {
        const value = keepValues[subKeep[s]!]!;
        if (value > best) {
          best = value;
          bestKeep = subKeep[s]!;
        }
      }
      current[roll] = best;
      choices[roll] = bestKeep;
    }
  }
}
