import { describe, expect, it } from 'vitest';
import { changedWithoutAClick } from '../../src/bot/after-restart.js';
import { CATEGORY_IDS, createGame, DEFAULT_RULES, type GameState } from '../../src/game/index.js';
import { play } from './play.js';

const ALICE = '100000000000000001';
const BOB = '100000000000000002';
const CPU = 'cpu-easy-1';

/** The current player scores the first open row. */
function scoreFirstOpen(state: GameState): GameState {
  const playerId = state.seats[state.currentSeat]?.playerId ?? '';
  const category = CATEGORY_IDS.find((row) => state.sheets[playerId]?.[row] === undefined) ?? 'ones';
  return play(state, [{ type: 'score', playerId, category }]);
}

/** As the store reads it after a restart: the state and its last finished turn. */
function change(state: GameState) {
  return { gameId: 1, guildId: '900000000000000001', state, lastTurn: state.history.at(-1) };
}

const lobby = createGame(ALICE, DEFAULT_RULES);
const withComputer = play(lobby, [
  { type: 'add-computer', playerId: ALICE, level: 'easy' },
  { type: 'start', playerId: ALICE },
]);
const twoPeople = play(lobby, [
  { type: 'join', playerId: BOB },
  { type: 'start', playerId: ALICE },
]);

describe('changedWithoutAClick: which boards a restart redraws', () => {
  it("redraws a person's untouched turn that a computer's move handed over", () => {
    const computersTurn = scoreFirstOpen(withComputer);
    expect(computersTurn.seats[computersTurn.currentSeat]?.playerId).toBe(CPU);
    const alicesTurn = scoreFirstOpen(computersTurn);
    expect(changedWithoutAClick(change(alicesTurn))).toBe(true);
    // Once Alice has clicked, her click's answer drew the board (or failed where she can see it).
    expect(changedWithoutAClick(change(play(alicesTurn, [{ type: 'toggle-keep', playerId: ALICE, die: 0 }])))).toBe(
      false,
    );
    // A computer to move redraws the board itself with its next move.
    expect(changedWithoutAClick(change(computersTurn))).toBe(false);
  });

  it('redraws after a time-out, not after a person ended their own turn', () => {
    expect(changedWithoutAClick(change(play(twoPeople, [{ type: 'time-out' }])))).toBe(true);
    expect(changedWithoutAClick(change(scoreFirstOpen(twoPeople)))).toBe(false);
  });

  it("redraws a game a computer's last move finished, not one a person finished", () => {
    let state = withComputer;
    while (state.status === 'playing') state = scoreFirstOpen(state);
    expect(state.history.at(-1)?.playerId).toBe(CPU);
    expect(changedWithoutAClick(change(state))).toBe(true);

    let people = twoPeople;
    while (people.status === 'playing') people = scoreFirstOpen(people);
    expect(changedWithoutAClick(change(people))).toBe(false);
  });

  it('redraws a game ended for being abandoned, not one its host cancelled or a lobby', () => {
    expect(changedWithoutAClick(change(play(twoPeople, [{ type: 'abandon' }])))).toBe(true);
    expect(changedWithoutAClick(change(play(twoPeople, [{ type: 'cancel', playerId: ALICE }])))).toBe(false);
    expect(changedWithoutAClick(change(lobby))).toBe(false);
  });
});
