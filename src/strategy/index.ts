/**
 * Optimal play for Crag. Pure: no discord.js, no database, no clock, no global randomness.
 * An exact expected-value solver over the 2^13 sets of used rows (Crag has no bonus), the
 * computer players built on it, hints, and the post-game analysis.
 */
export {
  analyseGame,
  COSTLY_LOSS,
  type DecisionReview,
  type KeepChoice,
  type KeepReview,
  type PlayerAnalysis,
  type RowChoice,
  type RowReview,
} from './analysis.js';
export {
  bestAction,
  expectedRemaining,
  optimalExpectedTotal,
  rankKeeps,
  rankRows,
} from './by-rules.js';
export { chooseComputerAction } from './computer.js';
export { OPTIMUM_PLAYER_ID, OptimumCache, type OptimumGame, playOptimum, playOptimumOn } from './daily-optimum.js';
export type { BestAction, RankedKeep, RankedRow } from './positions.js';
export { TIE_TOLERANCE } from './positions.js';
export { Solver, type UsedRows } from './solver.js';
export { solverFor } from './solver-cache.js';
