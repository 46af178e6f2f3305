import { DICE_SPACE } from './dice-space.js';
import { ALL_USED, maxRemaining, ROW_COUNT } from './rows.js';
import type { Solver } from './solver.js';

const CACHES = new WeakMap<Solver, Map<number, Float64Array>>();

/**
 * The exact distribution of the points still to come for a player at `mask` who plays the
 * solver's optimal policy: entry p is the chance of exactly p more points. Cost doubles with each
 * open row, so callers keep to a handful; results are kept per solver.
 */
export function remainingDistribution(solver: Solver, mask: number): Float64Array {
  let cache = CACHES.get(solver);
  if (!cache) {
    cache = new Map();
    CACHES.set(solver, cache);
  }
  return distributionOf(solver, mask, cache);
}

function distributionOf(solver: Solver, mask: number, cache: Map<number, Float64Array>): Float64Array {
  const known = cache.get(mask);
  if (known) return known;
  const length = maxRemaining(mask) + 1;
  const result = new Float64Array(length);
  if (mask === ALL_USED) {
    result[0] = 1;
    cache.set(mask, result);
    return result;
  }
  const after: (Float64Array | undefined)[] = [];
  for (let row = 0; row < ROW_COUNT; row += 1) {
    if (!(mask & (1 << row))) after[row] = distributionOf(solver, mask | (1 << row), cache);
  }
  // After the children: they reuse the solver's scratch turn tables.
  const turn = solver.turnAt(mask);
  const { rollCount, keepCount, transitionStart, transitionRoll, transitionProbability } = DICE_SPACE;
  const stand: Float64Array[] = [];
  for (let roll = 0; roll < rollCount; roll += 1) {
    const row = turn.standRow[roll]!;
    const shifted = new Float64Array(length);
    shifted.set(after[row]!, solver.scores[row * rollCount + roll]!);
    stand.push(shifted);
  }
  let level = stand;
  for (let k = 1; k <= solver.rules.rerolls; k += 1) {
    const keeps = Array.from({ length: keepCount }, (_, keep) => {
      const mixed = new Float64Array(length);
      for (let t = transitionStart[keep]!; t < transitionStart[keep + 1]!; t += 1) {
        addScaled(mixed, level[transitionRoll[t]!]!, transitionProbability[t]!);
      }
      return mixed;
    });
    const choices = turn.choices[k]!;
    level = stand.map((standing, roll) => (choices[roll]! < 0 ? standing : keeps[choices[roll]!]!));
  }
  for (let t = transitionStart[0]!; t < transitionStart[1]!; t += 1) {
    addScaled(result, level[transitionRoll[t]!]!, transitionProbability[t]!);
  }
  cache.set(mask, result);
  return result;
}

function addScaled(into: Float64Array, values: Float64Array, scale: number): void {
  for (let i = 0; i < values.length; i += 1) into[i]! += values[i]! * scale;
}
