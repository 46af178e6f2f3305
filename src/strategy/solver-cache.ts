import type { Rules } from '../game/index.js';
import { Solver } from './solver.js';

/**
 * One solver per rule set for the life of the process: each is deterministic, takes well under a
 * second to build and is read by every hint, computer turn and analysis, so it is built once, on
 * first use (start-bot.ts builds all four at start-up).
 */
const SOLVERS = new Map<string, Solver>();

/** The full-game solver of a rule set, built on first use and kept. */
export function solverFor(rules: Rules): Solver {
  const key = `${rules.rerolls}/${rules.thirteen}`;
  let solver = SOLVERS.get(key);
  if (!solver) {
    solver = new Solver({ rerolls: rules.rerolls, thirteen: rules.thirteen });
    SOLVERS.set(key, solver);
  }
  return solver;
}
