/** The solver's answers for a game's rule set: what hints, tests and tools ask without holding a solver. */
import type { Dice, Rules } from '../game/index.js';
import type { BestAction, RankedKeep, RankedRow } from './positions.js';
import type { UsedRows } from './solver.js';
import { solverFor } from './solver-cache.js';

/** Expected total of a whole game under optimal solitaire play. */
export function optimalExpectedTotal(rules: Rules): number {
  return solverFor(rules).optimalExpectedTotal();
}

/** Expected points still to come from the open rows under optimal play. */
export function expectedRemaining(rules: Rules, used: UsedRows): number {
  return solverFor(rules).expectedRemaining(used);
}

/**
 * Every distinct keep of `dice`, best first, each with the expected points still to come
 * (this turn included). With no rerolls left only "all" (score now) is listed.
 */
export function rankKeeps(rules: Rules, used: UsedRows, dice: Dice, rerollsLeft: number): RankedKeep[] {
  return solverFor(rules).rankKeeps(used, dice, rerollsLeft);
}

/** Every open row, best first, with the points now and the expected points still to come. */
export function rankRows(rules: Rules, used: UsedRows, dice: Dice): RankedRow[] {
  return solverFor(rules).rankRows(used, dice);
}

/** The optimal next step, or null when every row is used. */
export function bestAction(rules: Rules, used: UsedRows, dice: Dice, rerollsLeft: number): BestAction | null {
  return solverFor(rules).bestAction(used, dice, rerollsLeft);
}
