import {
  applyAction,
  type ComputerLevel,
  createGame,
  type GameState,
  type RandomInt,
  type Rules,
  standings,
} from '../../src/game/index.js';
import { chooseComputerAction } from '../../src/strategy/index.js';

/**
 * Plays a whole game through the real engine, each seat driven by `chooseComputerAction` at its
 * level. The seats are registered as people (the engine ends a game with no person in it), so the
 * levels here are only how the test drives them.
 */
export function playGame(rules: Rules, levels: readonly ComputerLevel[], random: RandomInt): GameState {
  let state = createGame('seat-0', rules);
  for (let seat = 1; seat < levels.length; seat += 1) state = accepted(applyAction(state, { type: 'join', playerId: `seat-${seat}` }, random));
  state = accepted(applyAction(state, { type: 'start', playerId: 'seat-0' }, random));
  while (state.status === 'playing') {
    const level = levels[state.currentSeat];
    if (!level) throw new Error(`no level for seat ${state.currentSeat}`);
    state = accepted(applyAction(state, chooseComputerAction(state, level), random));
  }
  return state;
}

function accepted(result: ReturnType<typeof applyAction>): GameState {
  if (!result.ok) throw new Error(`the engine refused a move: ${result.code}`);
  return result.state;
}

/** Each seat's final total, in seat order. */
export function finalTotals(state: GameState): number[] {
  const byPlayer = new Map(standings(state).map((standing) => [standing.playerId, standing.total]));
  return state.seats.map((seat) => byPlayer.get(seat.playerId) ?? 0);
}

export function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function standardError(values: readonly number[]): number {
  const m = mean(values);
  const variance = values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance / values.length);
}
