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
  return playOn(startGame(rules, levels.length, dice), levels, dice);
}

/** A started game with `seats` seats, `seat-0` to `seat-<n-1>`. */
export function startGame(rules: Rules, seats: number, dice: RandomInt | DiceSource): GameState {
  const act = actor(dice);
  let state = createGame('seat-0', rules);
  for (let seat = 1; seat < seats; seat += 1) state = act(state, { type: 'join', playerId: `seat-${seat}` });
  return act(state, { type: 'start', playerId: 'seat-0' });
}

/** Plays on until the game ends, or until `stop` holds before a move. */
export function playOn(
  from: GameState,
  levels: readonly ComputerLevel[],
  dice: RandomInt | DiceSource,
  stop: (state: GameState) => boolean = () => false,
): GameState {
  const act = actor(dice);
  let state = from;
  while (state.status === 'playing' && !stop(state)) {
    const level = levels[state.currentSeat];
    if (!level) throw new Error(`no level for seat ${state.currentSeat}`);
    state = act(state, chooseComputerAction(state, level));
  }
  return state;
}

function actor(dice: RandomInt | DiceSource) {
  const source: DiceSource = dice.length === 1 ? () => dice as RandomInt : (dice as DiceSource);
  return (state: GameState, action: Action) => accepted(applyAction(state, action, source(state, action)));
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
      action.type === 'reroll'
        ? [turn, state.turn?.rolls.length ?? 0]
        : action.type === 'start'
          ? [0, 0]
          : [turn + 1, 0];
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
