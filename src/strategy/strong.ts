import { CATEGORY_IDS, type CategoryId, type Dice, type Keep } from '../game/index.js';
import { DICE_SPACE, rollIndex } from './dice-space.js';
import { maxRemaining, remainingDistribution } from './distribution.js';
import { EndgamePlan } from './endgame.js';
import { normalCdf } from './normal.js';
import { bestKeepOf } from './positions.js';
import type { Solver } from './solver.js';
import { TurnEvaluator } from './turn.js';

/** A player's sheet as the strong player sees it: the rows used and the points so far. */
export interface Position {
  readonly mask: number;
  readonly total: number;
}

export type StrongDecision =
  | { readonly type: 'keep'; readonly keep: Keep }
  | { readonly type: 'score'; readonly category: CategoryId };

/** With this many open rows or fewer, the strong player plans its remaining turns exactly. */
export const EXACT_ROWS = Number(process.env.SX ?? 4); // TEMP
/** Rivals with this many open rows or fewer get their exact distribution, others a normal one. */
const EXACT_RIVAL_ROWS = EXACT_ROWS + 1;
/** Expected points settle equal win chances (0 or 1); too small to outweigh a real difference. */
const POINTS_WEIGHT = 1e-7;
const ROWS = CATEGORY_IDS.length;

/**
 * The 'strong' computer maximises its chance to finish first (a shared first place counts),
 * assuming each rival plays the solver's optimal policy, independently of its own dice.
 * - Endgame (at most EXACT_ROWS open rows): exact, by expectimax over its remaining turns and
 *   totals against the rivals' final distribution (exact for rivals near the end, else normal).
 * - Before that: this turn is played exactly, but each way it can end (dice and row) is judged by
 *   a normal estimate of the final total (solver mean and variance of the rows left), against
 *   normal estimates of the rivals' finals; the chance to beat them all is the product of the
 *   pairwise chances.
 * Ahead, it trims variance; behind, it seeks it; far from everyone, it plays as 'optimal'.
 */
export function strongDecision(
  solver: Solver,
  me: Position,
  rivals: readonly Position[],
  dice: Dice,
  rerollsLeft: number,
): StrongDecision {
  if (openRows(me.mask) > EXACT_ROWS && process.env.SM === 'optimal') { // TEMP
    const b = solver.bestAction(me.mask, dice, rerollsLeft)!;
    return b.type === 'keep' ? { type: 'keep', keep: b.keep } : { type: 'score', category: b.category };
  }
  const turn = openRows(me.mask) <= EXACT_ROWS ? endgameTurn(solver, me, rivals) : normalTurn(solver, me, rivals);
  if (rerollsLeft > 0) {
    const best = bestKeepOf(turn, dice, rerollsLeft);
    if (!best.stands) return { type: 'keep', keep: best.keep };
  }
  return { type: 'score', category: CATEGORY_IDS[turn.standRow[rollIndex(dice)]!]! };
}

function openRows(mask: number): number {
  let open = 0;
  for (let row = 0; row < ROWS; row += 1) if (!(mask & (1 << row))) open += 1;
  return open;
}

let cachedPlan: { solver: Solver; key: string; plan: EndgamePlan } | null = null;

/** The endgame plan is the same for every decision of a turn: built once per turn. */
function endgameTurn(solver: Solver, me: Position, rivals: readonly Position[]): TurnEvaluator {
  const key = JSON.stringify([me, rivals]);
  if (cachedPlan?.solver !== solver || cachedPlan.key !== key) {
    const plan = new EndgamePlan(solver, me.mask, me.total, chanceAllAtMost(solver, rivals), POINTS_WEIGHT);
    cachedPlan = { solver, key, plan };
  }
  return cachedPlan.plan.turn();
}

/** result[x]: the chance that every rival finishes on x points or fewer. */
function chanceAllAtMost(solver: Solver, rivals: readonly Position[]): Float64Array {
  const highest = rivals.reduce((most, rival) => Math.max(most, rival.total + maxRemaining(rival.mask)), 0);
  const result = new Float64Array(highest + 1).fill(1);
  for (const rival of rivals) {
    const distribution = finalDistribution(solver, rival);
    let cumulative = 0;
    for (let x = 0; x <= highest; x += 1) {
      cumulative += distribution[x] ?? 0;
      result[x]! *= Math.min(1, cumulative);
    }
  }
  return result;
}

/** A rival's final total: entry x is the chance of finishing on exactly x. */
function finalDistribution(solver: Solver, rival: Position): Float64Array {
  const rest = maxRemaining(rival.mask);
  const final = new Float64Array(rival.total + rest + 1);
  if (openRows(rival.mask) <= EXACT_RIVAL_ROWS) {
    final.set(remainingDistribution(solver, rival.mask), rival.total);
    return final;
  }
  const mean = rival.total + solver.expected[rival.mask]!;
  const spread = Math.sqrt(solver.remainingVariance(rival.mask));
  let sum = 0;
  for (let x = rival.total; x < final.length; x += 1) {
    const chance = normalCdf((x + 0.5 - mean) / spread) - normalCdf((x - 0.5 - mean) / spread);
    final[x] = chance;
    sum += chance;
  }
  for (let x = rival.total; x < final.length; x += 1) final[x]! /= sum;
  return final;
}

const normalEvaluator = new TurnEvaluator();

/** This turn exactly, each ending judged by normal estimates of every final. */
function normalTurn(solver: Solver, me: Position, rivals: readonly Position[]): TurnEvaluator {
  const estimates = rivals.map((rival) => ({
    mean: rival.total + solver.expected[rival.mask]!,
    variance: solver.remainingVariance(rival.mask),
  }));
  const { rollCount } = DICE_SPACE;
  const stand = normalEvaluator.levels[0]!;
  stand.fill(Number.NEGATIVE_INFINITY);
  for (let row = 0; row < ROWS; row += 1) {
    const after = me.mask | (1 << row);
    if (after === me.mask) continue;
    const future = solver.expected[after]!;
    const variance = solver.remainingVariance(after);
    for (let roll = 0; roll < rollCount; roll += 1) {
      const final = me.total + solver.scores[row * rollCount + roll]! + future;
      const value = winChance(final, variance, estimates) + POINTS_WEIGHT * final;
      if (value > stand[roll]!) {
        stand[roll] = value;
        normalEvaluator.standRow[roll] = row;
      }
    }
  }
  normalEvaluator.run(solver.rules.rerolls);
  return normalEvaluator;
}

/** The chance that a final ~ N(mean, variance) is at least every rival's (rivals' totals are whole). */
export function winChance(
  mean: number,
  variance: number,
  rivals: readonly { readonly mean: number; readonly variance: number }[],
): number {
  let chance = 1;
  for (const rival of rivals) {
    const spread = Math.sqrt(variance + rival.variance);
    const margin = mean - rival.mean + 0.5;
    chance *= spread > 0 ? normalCdf(margin / spread) : margin > 0 ? 1 : 0;
  }
  return chance;
}
