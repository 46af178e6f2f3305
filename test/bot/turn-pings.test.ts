import { describe, expect, it } from 'vitest';
import { whoToPing } from '../../src/bot/turn-pings.js';
import { createGame, DEFAULT_RULES, type GameState } from '../../src/game/index.js';
import { play } from './play.js';

const ALICE = '111111111111111111';
const BOB = '222222222222222222';

/** A game as whoToPing sees it: its state and whether the host left pings on. */
const stored = (state: GameState, pingsEnabled = true) => ({ state, pingsEnabled });

describe('who a turn ping is for', () => {
  const twoPeople = play(createGame(ALICE, DEFAULT_RULES), [
    { type: 'join', playerId: BOB },
    { type: 'start', playerId: ALICE },
  ]);

  it('is the person whose turn began, unless they brought it about themselves', () => {
    // Alice pressed Start and opens the game: her own first turn needs no ping.
    expect(whoToPing(stored(twoPeople), ALICE)).toBeUndefined();
    const bobsTurn = play(twoPeople, [{ type: 'score', playerId: ALICE, category: 'ones' }]);
    expect(whoToPing(stored(bobsTurn), ALICE)).toBe(BOB);
    // A timer's change (nobody's action) pings too.
    expect(whoToPing(stored(bobsTurn), undefined)).toBe(BOB);
  });

  it('is nobody when pings are off, the game is over, or a computer is to move', () => {
    const bobsTurn = play(twoPeople, [{ type: 'score', playerId: ALICE, category: 'ones' }]);
    expect(whoToPing(stored(bobsTurn, false), ALICE)).toBeUndefined();
    const cancelled = play(bobsTurn, [{ type: 'cancel', playerId: ALICE }]);
    expect(whoToPing(stored(cancelled), ALICE)).toBeUndefined();
    const withComputer = play(createGame(ALICE, DEFAULT_RULES), [
      { type: 'join', playerId: BOB },
      { type: 'add-computer', playerId: ALICE, level: 'easy' },
      { type: 'start', playerId: ALICE },
      { type: 'score', playerId: ALICE, category: 'ones' },
      { type: 'score', playerId: BOB, category: 'ones' },
    ]);
    expect(withComputer.seats[withComputer.currentSeat]?.computer).toBe('easy');
    expect(whoToPing(stored(withComputer), BOB)).toBeUndefined();
  });

  it('is nobody for a person alone at the table, computers or not, even after others left', () => {
    const solo = play(createGame(ALICE, DEFAULT_RULES), [
      { type: 'add-computer', playerId: ALICE, level: 'easy' },
      { type: 'start', playerId: ALICE },
      { type: 'score', playerId: ALICE, category: 'ones' },
    ]);
    // The computer moved (its id is the actor); alice's turn again.
    const backToAlice = play(solo, [{ type: 'score', playerId: 'cpu-easy-1', category: 'ones' }]);
    expect(backToAlice.seats[backToAlice.currentSeat]?.playerId).toBe(ALICE);
    expect(whoToPing(stored(backToAlice), 'cpu-easy-1')).toBeUndefined();
    const bobLeft = play(twoPeople, [{ type: 'leave', playerId: BOB }]);
    const alicesNext = play(bobLeft, [{ type: 'score', playerId: ALICE, category: 'ones' }]);
    expect(alicesNext.status).toBe('playing');
    expect(whoToPing(stored(alicesNext), undefined)).toBeUndefined();
  });
});
