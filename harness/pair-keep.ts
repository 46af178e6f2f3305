import type { Keep } from '../src/game/index.js';

/**
 * A simple player's keep, shared by the tests' scripted players and the bench's games: keep a pair
 * and reroll the odd die; stand (null) on three of a kind; reroll all when nothing pairs.
 */
export function pairKeep(dice: readonly number[]): Keep | null {
  const [a, b, c] = dice;
  if (a === b && b === c) return null;
  if (a === b) return [true, true, false];
  if (a === c) return [true, false, true];
  if (b === c) return [false, true, true];
  return [false, false, false];
}
