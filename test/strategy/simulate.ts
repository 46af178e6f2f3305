import {
  type Action,
  applyAction,
  type ComputerLevel,
  createGame,
  type GameState,
  type RandomInt,
  type Rules,
  seededRandom,
  standings,
} from '../../src/game/index.js';
import { chooseComputerAction } from '../../src/strategy/index.js';

/**
 * Plays a whole game through the real engine, each seat driven by `chooseComputerAction` at its
 * level. The seats are registered as people (the engine ends a game with no person in it), so the
 * levels here are only how the test drives them.
 */
export function playGame(rules: Rules, levels: readonly ComputerLevel[], dice: RandomInt | DiceSource): GameState {
  const source: DiceSource = dice.length === 1 ? () => dice as RandomInt : (dice as DiceSource);
  const act = (state: GameState, action: Action) => accepted(applyAction(state, action, source(state, action)));
  let state = createGame('seat-0', rules);
  for (let seat = 1; seat < levels.length; seat += 1) state = act(state, { type: 'join', playerId: `seat-${seat}` });
  state = act(state, { type: 'start', playerId: 'seat-0' });
  while (state.status === 'playing') {
    const level = levels[state.currentSeat];
    if (!level) throw new Error(`no level for seat ${state.currentSeat}`);
    state = act(state, chooseComputerAction(state, level));
  }
  return state;
}

/** Chooses the random source for each action. */
export type DiceSource = (state: GameState, action: Action) => RandomInt;

/**
 * Dice with a fresh seeded stream for every roll of every turn (the n-th turn of the game, its
 * k-th roll), so that two games with the same seed deal the same dice to the same turn and roll
 * whatever the players chose before: common random numbers, for comparing players fairly.
 */
export function dicePerRoll(seed: number): DiceSource {
  return (state, action) => {
    const turn = state.history.length;
    const [turnIndex, roll] =
      action.type === 'reroll' ? [turn, state.turn?.rolls.length ?? 0] : action.type === 'start' ? [0, 0] : [turn + 1, 0];
    return seededRandom((Math.imul(seed, 0x9e3779b1) ^ (turnIndex * 4 + roll)) >>> 0);
  };
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
