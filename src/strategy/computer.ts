import {
  type Action,
  type ComputerLevel,
  currentDice,
  currentSeat,
  type GameState,
  rerollsLeft,
  type Sheet,
  sheetTotal,
} from '../game/index.js';
import { easyDecision } from './easy.js';
import { ALL_USED } from './rows.js';
import { usedMaskOf } from './sheets.js';
import type { Solver } from './solver.js';
import { solverFor } from './solver-cache.js';
import { type Position, strongDecision } from './strong.js';

/**
 * The next action of the seat whose turn it is, played at `level`:
 * - easy: greedy, see `easyDecision`;
 * - optimal: the exact solitaire optimum (maximises the expected total);
 * - strong: optimal, then in its last turns maximises its chance to finish first, see `strongDecision`.
 * Asking when no turn is under way, or for a seat with no open row, is a programming error.
 */
export function chooseComputerAction(state: GameState, level: ComputerLevel): Action {
  const seat = currentSeat(state);
  if (!seat || !state.turn) throw new RangeError('no turn is under way');
  const playerId = seat.playerId;
  const decision = decide(state, level, playerId);
  if (!decision) throw new RangeError(`${playerId} has no open row`);
  return decision.type === 'keep'
    ? { type: 'reroll', playerId, keep: decision.keep }
    : { type: 'score', playerId, category: decision.category };
}

function decide(state: GameState, level: ComputerLevel, playerId: string) {
  if (level === 'easy') return easyDecision(state);
  const solver = solverFor(state.rules);
  const sheet = state.sheets[playerId] ?? {};
  const mask = solver.usedMask(usedMaskOf(sheet));
  if (mask === ALL_USED) return null;
  const dice = currentDice(state.turn!);
  const left = rerollsLeft(state);
  if (level === 'strong') {
    const rivals = state.seats
      .filter((seat) => seat.playerId !== playerId)
      .map((seat) => positionOf(solver, state.sheets[seat.playerId] ?? {}));
    const decision = strongDecision(solver, positionOf(solver, sheet), rivals, dice, left);
    if (decision) return decision;
  }
  const best = solver.bestAction(mask, dice, left);
  if (!best) return null;
  return best.type === 'keep'
    ? { type: 'keep' as const, keep: best.keep }
    : { type: 'score' as const, category: best.category };
}

function positionOf(solver: Solver, sheet: Sheet): Position {
  return { mask: solver.usedMask(usedMaskOf(sheet)), total: sheetTotal(sheet) };
}
