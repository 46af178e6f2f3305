import { pairKeep } from '../harness/pair-keep.js';
import {
  type Action,
  applyAction,
  bestImmediateRow,
  createGame,
  currentDice,
  type GameState,
  type RandomInt,
  type Rules,
  rerollsLeft,
} from '../src/game/index.js';

/** The engine's answer to `action`, or an error naming its refusal: a simulated game never expects one. */
export function must(state: GameState, action: Action, random: RandomInt): GameState {
  const result = applyAction(state, action, random);
  if (!result.ok) throw new Error(`the engine refused ${action.type}: ${result.code}`);
  return result.state;
}

/** A game with these players (and `computers` easy computers) seated and started: the first player is the host. */
export function startedGame(players: readonly string[], rules: Rules, random: RandomInt, computers = 0): GameState {
  const [host, ...others] = players;
  if (!host) throw new Error('a game needs a host');
  let state = createGame(host, rules);
  for (const playerId of others) state = must(state, { type: 'join', playerId }, random);
  for (let i = 0; i < computers; i += 1)
    state = must(state, { type: 'add-computer', level: 'easy', playerId: host }, random);
  return must(state, { type: 'start', playerId: host }, random);
}

/** One whole turn the way the bench's virtual players play it: hunt a pair, then the best row. */
export function playTurn(state: GameState, random: RandomInt): GameState {
  const seat = state.seats[state.currentSeat];
  if (!seat || !state.turn) throw new Error('no turn to play');
  let current = state;
  while (rerollsLeft(current) > 0 && current.turn) {
    const keep = pairKeep(currentDice(current.turn));
    if (!keep) break;
    current = must(current, { type: 'reroll', playerId: seat.playerId, keep }, random);
  }
  const category = bestImmediateRow(current);
  if (!category) throw new Error('no open row');
  return must(current, { type: 'score', playerId: seat.playerId, category }, random);
}

/** Plays `turns` turns, or to the end of the game if that comes first. */
export function playTurns(state: GameState, turns: number, random: RandomInt): GameState {
  let current = state;
  for (let i = 0; i < turns && current.status === 'playing'; i += 1) current = playTurn(current, random);
  return current;
}

/** A finished game: every turn played. */
export function finishedGame(players: readonly string[], rules: Rules, random: RandomInt): GameState {
  const state = playTurns(startedGame(players, rules, random), Number.POSITIVE_INFINITY, random);
  if (state.status !== 'finished') throw new Error(`a simulated game ended ${state.status}`);
  return state;
}
