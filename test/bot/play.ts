import { type Action, applyAction, type GameState, seededRandom } from '../../src/game/index.js';

/** Applies actions that must all be accepted, with seeded dice; a refusal fails the test with its code. */
export function play(state: GameState, actions: readonly Action[], seed = 7): GameState {
  const random = seededRandom(seed);
  let current = state;
  for (const action of actions) {
    const result = applyAction(current, action, random);
    if (!result.ok) throw new Error(`${action.type} refused: ${result.code}`);
    current = result.state;
  }
  return current;
}
