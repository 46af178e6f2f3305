import { describe, expect, it } from 'vitest';
import { applyAction, type GameState, seededRandom } from '../../src/game/index.js';
import { packGame, readPackedGame } from '../../src/store/packed-game.js';
import { type GamePlan, newGameState, step } from './drive-game.js';

const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const CAROL = '100000000000000003';

function playOut(plan: GamePlan): GameState {
  let state = newGameState(plan);
  for (let next = step(state, plan); next; next = step(state, plan)) state = next;
  return state;
}

/** A game in which Bob lets his turn time out until the game removes him, then the others finish. */
function withTimeOuts(seed: number): GameState {
  const random = seededRandom(seed);
  let state = newGameState({ seed, humans: [ALICE, BOB, CAROL] });
  const apply = (action: Parameters<typeof applyAction>[1]) => {
    const result = applyAction(state, action, random);
    if (!result.ok) throw new Error(result.code);
    state = result.state;
  };
  apply({ type: 'join', playerId: BOB });
  apply({ type: 'join', playerId: CAROL });
  apply({ type: 'start', playerId: ALICE });
  while (state.status === 'playing') {
    const seat = state.seats[state.currentSeat];
    if (seat?.playerId === BOB || random(4) === 0) apply({ type: 'time-out' });
    else {
      if (random(2) === 0) apply({ type: 'reroll', playerId: seat?.playerId ?? '', keep: [true, false, true] });
      apply({ type: 'time-out' });
    }
  }
  return state;
}

describe('packed games', () => {
  const plans: GamePlan[] = [];
  for (let seed = 1; seed <= 60; seed += 1) {
    plans.push({ seed, humans: [ALICE] });
    plans.push({ seed, humans: [ALICE, BOB], computers: ['easy'], rules: { rerolls: 2, thirteen: 'no-pair' } });
    plans.push({ seed, humans: [ALICE, BOB, CAROL], leaves: { playerId: BOB, round: 1 + (seed % 13) } });
    plans.push({ seed, humans: [ALICE, BOB], cancelAtRound: 1 + (seed % 13) });
  }

  it('give back exactly the state that was packed: finished, cancelled, left and removed players', () => {
    const games = [...plans.map(playOut), ...[1, 2, 3].map(withTimeOuts)];
    expect(games.some((game) => game.status === 'cancelled')).toBe(true);
    expect(games.some((game) => game.seats.some((seat) => seat.left && seat.missedTurns === 3))).toBe(true);
    for (const game of games) expect(readPackedGame(packGame(game))).toEqual(game);
  });

  it('take a small fraction of the plain JSON, and are told apart from plain JSON', () => {
    const game = playOut({ seed: 5, humans: [ALICE, BOB, CAROL] });
    const plain = JSON.stringify(game);
    const packed = packGame(game);
    expect(packed.length).toBeLessThan(plain.length / 6);
    expect(readPackedGame(plain)).toBeUndefined();
  });

  it('refuse a game still under way, and a packed turn that names a seat the game does not have', () => {
    const lobby = newGameState({ seed: 1, humans: [ALICE] });
    expect(() => packGame(lobby)).toThrow(RangeError);
    const packed = JSON.parse(packGame(playOut({ seed: 2, humans: [ALICE] }))) as { history: string };
    const forged = JSON.stringify({ ...packed, history: `4a1.123,${packed.history}` });
    expect(() => readPackedGame(forged)).toThrow(/seat 4/);
  });
});
