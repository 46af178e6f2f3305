import { CATEGORY_IDS, type CategoryId, type Dice, type Keep } from '../game/index.js';
import { rollIndex } from './dice-space.js';
import { remainingDistribution } from './distribution.js';
import { EndgamePlan } from './endgame.js';
import { bestKeepOf } from './positions.js';
import { maxRemaining, openRowCount } from './rows.js';
import type { Solver } from './solver.js';

/** A player's sheet as the strong player sees it: the rows used and the points so far. */
export interface Position {
  readonly mask: number;
  readonly total: number;
}

export type StrongDecision =
  | { readonly type: 'keep'; readonly keep: Keep }
  | { readonly type: 'score'; readonly category: CategoryId };

/**
 * With this many open rows or fewer, the strong player plans to win; before, it plays 'optimal'.
 * Measured over 10,000 paired two-player games against 'optimal' on common dice (one reroll), the
 * net wins per game above optimal's in the same seat: +0.9% planning the last 3 turns, +1.2% the
 * last 4, +1.6% the last 5, +1.7% the last 6 (each ±0.3–0.5%); two rerolls, last 5: +2.9%.
 * Judging earlier turns by a normal approximation of the finals lost ground (−0.7% ± 0.7%).
 * Each extra row doubles the plan's cost (a few ms at 5 rows).
 */
export const ENDGAME_ROWS = 5;
/** Expected points settle equal win chances (0 or 1); too small to outweigh a real difference. */
const POINTS_WEIGHT = 1e-7;

/**
 * The 'strong' computer: the optimal solitaire policy until its last ENDGAME_ROWS turns, then the
 * exact maximum of its chance to finish first (a shared first place counts). The endgame is an
 * expectimax over its remaining turns and running totals, against the exact distribution of each
 * rival's final total, assuming rivals play the optimal policy, independently of its dice.
 * Returns null when the endgame does not apply (more open rows, or a rival far behind in rows).
 */
export function strongDecision(
  solver: Solver,
  me: Position,
  rivals: readonly Position[],
  dice: Dice,
  rerollsLeft: number,
): StrongDecision | null {
  if (rivals.length === 0 || openRowCount(me.mask) > ENDGAME_ROWS) return null;
  // Rivals are at most a turn behind in the engine; the guard keeps the distributions small.
  if (rivals.some((rival) => openRowCount(rival.mask) > ENDGAME_ROWS + 1)) return null;
  const turn = planFor(solver, me, rivals).turn();
  if (rerollsLeft > 0) {
    const best = bestKeepOf(turn, dice, rerollsLeft);
    if (!best.stands) return { type: 'keep', keep: best.keep };
  }
  return { type: 'score', category: CATEGORY_IDS[turn.standRow[rollIndex(dice)]!]! };
}

let cachedPlan: { solver: Solver; key: string; plan: EndgamePlan } | null = null;

/** The plan is the same for every decision of a turn: built once per turn. */
function planFor(solver: Solver, me: Position, rivals: readonly Position[]): EndgamePlan {
  const key = JSON.stringify([me, rivals]);
  if (cachedPlan?.solver !== solver || cachedPlan.key !== key) {
    const plan = new EndgamePlan(solver, me.mask, me.total, chanceAllAtMost(solver, rivals), POINTS_WEIGHT);
    cachedPlan = { solver, key, plan };
  }
  return cachedPlan.plan;
}

/** result[x]: the chance that every rival finishes on x points or fewer (1 beyond the end). */
export function chanceAllAtMost(solver: Solver, rivals: readonly Position[]): Float64Array {
  const highest = rivals.reduce((most, rival) => Math.max(most, rival.total + maxRemaining(rival.mask)), 0);
  const result = new Float64Array(highest + 1).fill(1);
  for (const rival of rivals) {
    const rest = remainingDistribution(solver, rival.mask);
    let cumulative = 0;
    for (let x = 0; x <= highest; x += 1) {
      cumulative += rest[x - rival.total] ?? 0;
      result[x]! *= Math.min(1, cumulative);
    }
  }
  return result;
}
