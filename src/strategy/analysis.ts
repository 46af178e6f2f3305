import {
  type CategoryId,
  categoryIndex,
  type Dice,
  type Die,
  type GameState,
  type Keep,
  sheetTotal,
} from '../game/index.js';
import { keepLabel } from './keep-options.js';
import type { RankedKeep } from './positions.js';
import { usedMaskOf } from './sheets.js';
import type { Solver } from './solver.js';
import { solverFor } from './solver-cache.js';

/** What was kept before a reroll: some dice (none: all three rerolled), or all of them (standing). */
export interface KeepChoice {
  /** The kept faces, highest first. */
  readonly kept: readonly Die[];
  /** Stopped rerolling and scored the dice as they lay. */
  readonly stands: boolean;
}

/** Where a roll was scored, and for how much. */
export interface RowChoice {
  readonly category: CategoryId;
  readonly points: number;
}

/**
 * One choice a player made, next to the optimal one, as data: a renderer turns it into a sentence
 * in the reader's language. Values are expected points still to come.
 */
interface ReviewOf<Kind extends 'keep' | 'row', Choice> {
  readonly round: number;
  /** 'keep': what to keep before a reroll, or standing on the roll; 'row': where to score. */
  readonly kind: Kind;
  /** 0 for the opening roll, 1 and 2 for rerolls. */
  readonly rollNumber: number;
  readonly dice: Dice;
  readonly rerollsLeft: number;
  readonly chosen: Choice;
  readonly best: Choice;
  readonly chosenExpected: number;
  readonly bestExpected: number;
  /** bestExpected − chosenExpected, never negative. */
  readonly loss: number;
  /** The turn timer ran out; the row was chosen for the player. */
  readonly timedOut: boolean;
}

export type KeepReview = ReviewOf<'keep', KeepChoice>;
export type RowReview = ReviewOf<'row', RowChoice>;
export type DecisionReview = KeepReview | RowReview;

/** Losses below this are the best play: rounded to one decimal they would read 0.0. */
export const COSTLY_LOSS = 0.05;

/**
 * How a player's total came about, measured against the optimal solitaire player:
 *   total + stillOpen = optimalExpected − skillLoss − forfeited + luck
 * skillLoss sums the expected points given away by each decision; forfeited is what the rows
 * scored 0 on leaving (or removal) were expected to bring; stillOpen is what the rows not yet
 * filled are expected to bring (0 once the game is over); luck is what the dice gave above or
 * below expectation, and equals the sum over every roll of (optimal value after it − expected
 * value before it).
 */
export interface PlayerAnalysis {
  readonly playerId: string;
  readonly total: number;
  readonly optimalExpected: number;
  readonly skillLoss: number;
  readonly forfeited: number;
  readonly stillOpen: number;
  readonly luck: number;
  readonly decisions: readonly DecisionReview[];
}

/** Reviews every decision of every seat in `state.history`, in seat order. */
export function analyseGame(state: GameState): PlayerAnalysis[] {
  const solver = solverFor(state.rules);
  return state.seats.map((seat) => {
    const decisions: DecisionReview[] = [];
    let mask = solver.usedMask(0);
    for (const record of state.history) {
      if (record.playerId !== seat.playerId) continue;
      decisions.push(...reviewTurn(solver, mask, record));
      mask |= 1 << categoryIndex(record.category);
    }
    const sheet = state.sheets[seat.playerId] ?? {};
    const total = sheetTotal(sheet);
    const optimalExpected = solver.optimalExpectedTotal();
    const skillLoss = decisions.reduce((sum, decision) => sum + decision.loss, 0);
    const stillOpen = solver.expectedRemaining(usedMaskOf(sheet));
    const forfeited = solver.expectedRemaining(mask) - stillOpen;
    const luck = total + stillOpen - (optimalExpected - skillLoss - forfeited);
    return { playerId: seat.playerId, total, optimalExpected, skillLoss, forfeited, stillOpen, luck, decisions };
  });
}

interface TurnPlayed {
  readonly round: number;
  readonly rolls: readonly Dice[];
  readonly keeps: readonly Keep[];
  readonly category: CategoryId;
  readonly timedOut: boolean;
}

/** The keeps before each reroll, standing early if the turn stopped with rerolls left, then the row. */
function reviewTurn(solver: Solver, mask: number, turn: TurnPlayed): DecisionReview[] {
  const rerolls = solver.rules.rerolls;
  const reviews: DecisionReview[] = [];
  const lastRoll = Math.min(turn.rolls.length, rerolls + 1) - 1;
  for (let rollNumber = 0; rollNumber <= lastRoll; rollNumber += 1) {
    const rerollsLeft = rerolls - rollNumber;
    if (rerollsLeft === 0) break;
    const dice = turn.rolls[rollNumber]!;
    const keep = turn.keeps[rollNumber] ?? ([true, true, true] as const);
    const kept = dice.filter((_, position) => keep[position]).sort((a, b) => b - a);
    const ranked = solver.rankKeeps(mask, dice, rerollsLeft);
    const chosen = ranked.find((option) => option.label === keepLabel(kept, kept.length === 3));
    const best = ranked[0];
    if (!chosen || !best) break;
    reviews.push(keepReview(turn, rollNumber, dice, rerollsLeft, chosen, best));
  }
  const dice = turn.rolls[lastRoll]!;
  const rows = solver.rankRows(mask, dice);
  const chosen = rows.find((row) => row.category === turn.category);
  const best = rows[0];
  if (chosen && best) {
    const loss = Math.max(0, best.expected - chosen.expected);
    reviews.push({
      round: turn.round,
      kind: 'row',
      rollNumber: lastRoll,
      dice,
      rerollsLeft: 0,
      chosen: { category: chosen.category, points: chosen.points },
      best: { category: best.category, points: best.points },
      chosenExpected: chosen.expected,
      bestExpected: best.expected,
      loss,
      timedOut: turn.timedOut,
    });
  }
  return reviews;
}

function keepReview(
  turn: TurnPlayed,
  rollNumber: number,
  dice: Dice,
  rerollsLeft: number,
  chosen: RankedKeep,
  best: RankedKeep,
): KeepReview {
  const loss = Math.max(0, best.expected - chosen.expected);
  return {
    round: turn.round,
    kind: 'keep',
    rollNumber,
    dice,
    rerollsLeft,
    chosen: { kept: chosen.kept, stands: chosen.stands },
    best: { kept: best.kept, stands: best.stands },
    chosenExpected: chosen.expected,
    bestExpected: best.expected,
    loss,
    timedOut: turn.timedOut,
  };
}
