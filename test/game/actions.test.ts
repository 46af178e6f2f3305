import { describe, expect, it } from 'vitest';
import {
  applyAction,
  createGame,
  DEFAULT_RULES,
  deserializeGame,
  type GameState,
  type RandomInt,
  serializeGame,
  withSeatName,
} from '../../src/game/index.js';
import { current, lobby, play, ROWS, scripted, sumOfRows } from './support.js';

const dice = scripted([1, 2, 4]);

function start(state: GameState, random: RandomInt = dice): GameState {
  return play(state, { type: 'start', playerId: state.hostId }, random);
}

describe('the lobby', () => {
  it('a new game is a lobby with its host seated', () => {
    const state = createGame('h0', DEFAULT_RULES);
    expect(state).toMatchObject({ version: 1, status: 'lobby', hostId: 'h0', round: 0, turn: null, history: [] });
    expect(state.seats).toEqual([{ playerId: 'h0', computer: null, left: false, missedTurns: 0 }]);
    expect(state.sheets).toEqual({ h0: {} });
  });

  it('players join in order and computers get numbered ids', () => {
    let state = lobby(DEFAULT_RULES, 2);
    state = play(state, { type: 'add-computer', playerId: 'h0', level: 'easy' }, dice);
    state = play(state, { type: 'add-computer', playerId: 'h0', level: 'easy' }, dice);
    state = play(state, { type: 'add-computer', playerId: 'h0', level: 'strong' }, dice);
    expect(state.seats.map((s) => [s.playerId, s.computer])).toEqual([
      ['h0', null],
      ['h1', null],
      ['cpu-easy-1', 'easy'],
      ['cpu-easy-2', 'easy'],
      ['cpu-strong-1', 'strong'],
    ]);
    expect(Object.keys(state.sheets).sort()).toEqual(state.seats.map((s) => s.playerId).sort());
    expect(state.version).toBe(5);
  });

  it('leaving a lobby frees the seat; a departing host hands over to the next human', () => {
    let state = lobby(DEFAULT_RULES, 3, ['easy']);
    state = play(state, { type: 'leave', playerId: 'h0' }, dice);
    expect(state.status).toBe('lobby');
    expect(state.hostId).toBe('h1');
    expect(state.seats.map((s) => s.playerId)).toEqual(['h1', 'h2', 'cpu-easy-1']);
    expect(state.sheets).not.toHaveProperty('h0');
    // The freed seat can be taken again.
    state = play(state, { type: 'join', playerId: 'h0' }, dice);
    expect(state.seats.map((s) => s.playerId)).toEqual(['h1', 'h2', 'cpu-easy-1', 'h0']);
  });

  it('a lobby left with only computers is abandoned', () => {
    const state = play(lobby(DEFAULT_RULES, 1, ['optimal']), { type: 'leave', playerId: 'h0' }, dice);
    expect(state.status).toBe('cancelled');
    expect(state.endReason).toBe('abandoned');
  });

  it('the host starts: round 1, first seat to act, with its opening roll', () => {
    const state = start(lobby(DEFAULT_RULES, 2, ['easy']), scripted([6, 6, 1]));
    expect(state.status).toBe('playing');
    expect(state.round).toBe(1);
    expect(current(state)).toBe('h0');
    expect(state.turn).toEqual({ rolls: [[6, 6, 1]], keeps: [], keep: [false, false, false] });
  });

  it('a host may start alone', () => {
    const state = start(lobby(DEFAULT_RULES, 1));
    expect(state.status).toBe('playing');
  });
});

describe('a turn', () => {
  it('toggle-keep marks dice and reroll redraws the others', () => {
    let state = start(lobby(DEFAULT_RULES, 2), scripted([1, 2, 3, 6]));
    expect(state.turn?.rolls).toEqual([[1, 2, 3]]);
    state = play(state, { type: 'toggle-keep', playerId: 'h0', die: 1 }, dice);
    state = play(state, { type: 'toggle-keep', playerId: 'h0', die: 2 }, dice);
    state = play(state, { type: 'toggle-keep', playerId: 'h0', die: 2 }, dice);
    expect(state.turn?.keep).toEqual([false, true, false]);
    state = play(state, { type: 'reroll', playerId: 'h0' }, scripted([5, 6]));
    expect(state.turn?.rolls).toEqual([
      [1, 2, 3],
      [5, 2, 6],
    ]);
    expect(state.turn?.keeps).toEqual([[false, true, false]]);
  });

  it('an explicit keep overrides the marks', () => {
    let state = start(lobby(DEFAULT_RULES, 1), scripted([4, 4, 1]));
    state = play(state, { type: 'reroll', playerId: 'h0', keep: [true, true, false] }, scripted([5]));
    expect(state.turn?.rolls.at(-1)).toEqual([4, 4, 5]);
    expect(state.turn?.keeps).toEqual([[true, true, false]]);
  });

  it('scoring enters the last roll in the row, records the turn and passes to the next seat', () => {
    let state = start(lobby(DEFAULT_RULES, 2), scripted([4, 4, 1, 5, 2, 3, 6, 6, 6]));
    state = play(state, { type: 'reroll', playerId: 'h0', keep: [true, true, false] }, scripted([5]));
    const version = state.version;
    state = play(state, { type: 'score', playerId: 'h0', category: 'crag' }, scripted([3, 3, 3]));
    expect(state.version).toBe(version + 1);
    expect(state.sheets.h0).toEqual({ crag: { points: 50, round: 1 } });
    expect(state.history).toEqual([
      {
        round: 1,
        playerId: 'h0',
        rolls: [
          [4, 4, 1],
          [4, 4, 5],
        ],
        keeps: [[true, true, false]],
        category: 'crag',
        points: 50,
        timedOut: false,
      },
    ]);
    expect(current(state)).toBe('h1');
    expect(state.round).toBe(1);
    expect(state.turn).toEqual({ rolls: [[3, 3, 3]], keeps: [], keep: [false, false, false] });
    // A row that does not fit scores 0.
    state = play(state, { type: 'score', playerId: 'h1', category: 'low-straight' }, dice);
    expect(state.sheets.h1).toEqual({ 'low-straight': { points: 0, round: 1 } });
    expect(current(state)).toBe('h0');
    expect(state.round).toBe(2);
  });

  it('the thirteen rule decides whether a paired 13 counts as Thirteen', () => {
    for (const [thirteen, points] of [
      ['any', 26],
      ['no-pair', 0],
    ] as const) {
      let state = start(lobby({ rerolls: 1, thirteen }, 1), scripted([5, 3, 5]));
      state = play(state, { type: 'score', playerId: 'h0', category: 'thirteen' }, dice);
      expect(state.sheets.h0?.thirteen?.points).toBe(points);
    }
  });

  it('a game of two lasts exactly 13 rounds, 26 scores', () => {
    let state = start(lobby(DEFAULT_RULES, 1, ['easy']));
    for (let i = 0; i < 26; i += 1) {
      expect(state.status).toBe('playing');
      expect(state.round).toBe(Math.floor(i / 2) + 1);
      const playerId = current(state);
      const row = ROWS[Math.floor(i / 2)]!;
      state = play(state, { type: 'score', playerId, category: row }, dice);
    }
    expect(state.status).toBe('finished');
    expect(state.endReason).toBe('completed');
    expect(state.turn).toBeNull();
    expect(Object.keys(state.sheets.h0 ?? {})).toHaveLength(13);
    expect(Object.keys(state.sheets['cpu-easy-1'] ?? {})).toHaveLength(13);
  });
});

describe('leaving and missed turns', () => {
  it("leaving during play scores the leaver's open rows 0 and play goes on", () => {
    let state = start(lobby(DEFAULT_RULES, 3), scripted([6, 6, 6]));
    state = play(state, { type: 'score', playerId: 'h0', category: 'three-of-a-kind' }, scripted([6, 6, 6]));
    state = play(state, { type: 'score', playerId: 'h1', category: 'sixes' }, scripted([6, 6, 6]));
    expect(current(state)).toBe('h2');
    // h1 leaves while it is h2's turn.
    state = play(state, { type: 'leave', playerId: 'h1' }, dice);
    expect(state.status).toBe('playing');
    expect(current(state)).toBe('h2');
    expect(state.seats[1]?.left).toBe(true);
    const sheet = state.sheets.h1 ?? {};
    expect(sheet.sixes).toEqual({ points: 18, round: 1 });
    for (const row of ROWS) if (row !== 'sixes') expect(sheet[row]).toEqual({ points: 0, round: 1 });
    expect(sumOfRows(state, 'h1')).toBe(18);
    // h2 scores, then h0 plays round 2, then h1 is skipped.
    state = play(state, { type: 'score', playerId: 'h2', category: 'ones' }, dice);
    expect([current(state), state.round]).toEqual(['h0', 2]);
    state = play(state, { type: 'score', playerId: 'h0', category: 'ones' }, dice);
    expect([current(state), state.round]).toEqual(['h2', 2]);
  });

  it('leaving on your own turn passes the turn; the host hands over', () => {
    let state = start(lobby(DEFAULT_RULES, 2, ['easy']));
    state = play(state, { type: 'leave', playerId: 'h0' }, dice);
    expect(state.status).toBe('playing');
    expect(current(state)).toBe('h1');
    expect(state.round).toBe(1);
    expect(state.hostId).toBe('h1');
    expect(Object.keys(state.sheets.h0 ?? {})).toHaveLength(13);
  });

  it('the game is abandoned when the last human leaves', () => {
    let state = start(lobby(DEFAULT_RULES, 2, ['easy']));
    state = play(state, { type: 'leave', playerId: 'h1' }, dice);
    expect(state.status).toBe('playing');
    state = play(state, { type: 'leave', playerId: 'h0' }, dice);
    expect(state.status).toBe('cancelled');
    expect(state.endReason).toBe('abandoned');
    expect(state.turn).toBeNull();
  });

  it('the game is abandoned when the last human leaves while a computer is to act', () => {
    let state = start(lobby(DEFAULT_RULES, 2, ['easy']));
    state = play(state, { type: 'score', playerId: 'h0', category: 'ones' }, dice);
    state = play(state, { type: 'score', playerId: 'h1', category: 'ones' }, dice);
    expect(current(state)).toBe('cpu-easy-1');
    state = play(state, { type: 'leave', playerId: 'h0' }, dice);
    expect([state.status, current(state)]).toEqual(['playing', 'cpu-easy-1']);
    state = play(state, { type: 'leave', playerId: 'h1' }, dice);
    expect(state.status).toBe('cancelled');
    expect(state.endReason).toBe('abandoned');
    expect(state.turn).toBeNull();
  });

  it('three time-outs in a row remove the player; a real turn in between resets the count', () => {
    let state = start(lobby(DEFAULT_RULES, 2), scripted([2, 2, 5]));
    const timeOut = () => play(state, { type: 'time-out' }, scripted([2, 2, 5]));
    const score = (playerId: string, category: string) =>
      play(state, { type: 'score', playerId, category }, scripted([2, 2, 5]));
    state = timeOut(); // h0 misses 1
    state = score('h1', 'ones');
    state = timeOut(); // h0 misses 2
    state = score('h1', 'twos');
    expect(state.seats[0]?.missedTurns).toBe(2);
    state = score('h0', 'threes'); // h0 is back: count resets
    expect(state.seats[0]?.missedTurns).toBe(0);
    state = score('h1', 'threes');
    for (let miss = 1; miss <= 3; miss += 1) {
      expect(current(state)).toBe('h0');
      state = timeOut();
      expect(state.seats[0]?.missedTurns).toBe(miss);
      if (miss < 3) state = score('h1', ROWS[7 + miss]!);
    }
    expect(state.seats[0]?.left).toBe(true);
    expect(state.hostId).toBe('h1');
    expect(Object.keys(state.sheets.h0 ?? {})).toHaveLength(13);
    expect(state.history.filter((r) => r.playerId === 'h0' && r.timedOut)).toHaveLength(5);
    expect(state.status).toBe('playing');
    expect(current(state)).toBe('h1');
    // h1 now plays on alone, every round.
    const round = state.round;
    state = score('h1', 'crag');
    expect([current(state), state.round]).toEqual(['h1', round + 1]);
  });

  it('time-outs of the only human end the game as abandoned', () => {
    let state = start(lobby(DEFAULT_RULES, 1, ['easy']));
    for (let i = 0; i < 3; i += 1) {
      state = play(state, { type: 'time-out' }, dice);
      if (state.status === 'playing')
        state = play(state, { type: 'score', playerId: 'cpu-easy-1', category: ROWS[i]! }, dice);
    }
    expect(state.status).toBe('cancelled');
    expect(state.endReason).toBe('abandoned');
  });
});

describe('cancelling', () => {
  it('the host or a moderator can cancel; the game counts for nobody', () => {
    const playing = start(lobby(DEFAULT_RULES, 2));
    for (const action of [
      { type: 'cancel', playerId: 'h0' },
      { type: 'cancel', playerId: 'mod', moderator: true },
    ] as const) {
      const result = applyAction(playing, action, dice);
      expect(result.ok && result.state).toMatchObject({ status: 'cancelled', endReason: 'cancelled', turn: null });
    }
  });
});

describe('serialisation', () => {
  it('a game in progress survives a JSON round trip', () => {
    let state = start(lobby({ rerolls: 2, thirteen: 'no-pair' }, 2, ['optimal']));
    state = play(state, { type: 'toggle-keep', playerId: 'h0', die: 0 }, dice);
    state = play(state, { type: 'reroll', playerId: 'h0' }, dice);
    state = play(state, { type: 'score', playerId: 'h0', category: 'fours' }, dice);
    expect(deserializeGame(serializeGame(state))).toStrictEqual(state);
  });

  it('refuses text that is not a saved game', () => {
    for (const text of ['null', '3', '"game"', '{}', '{"version":1}', '{"version":"1","seats":[]}']) {
      expect(() => deserializeGame(text)).toThrow(TypeError);
    }
    expect(() => deserializeGame('not json')).toThrow(SyntaxError);
  });
});

describe('names', () => {
  it('a person’s display name is remembered on their seat when they join or act, and kept as it changes', () => {
    let state = createGame('h0', DEFAULT_RULES, 'Host');
    expect(state.seats[0]?.name).toBe('Host');
    expect(state.version).toBe(1);
    state = play(state, { type: 'join', playerId: 'h1', name: 'Bob' }, dice);
    state = play(state, { type: 'add-computer', playerId: 'h0', level: 'easy', name: 'Host (away)' }, dice);
    expect(state.seats.map((seat) => seat.name)).toEqual(['Host (away)', 'Bob', undefined]);
    state = play(state, { type: 'start', playerId: 'h0' }, dice);
    // Acting without a name (a timer, an older caller) leaves the name as it was.
    expect(state.seats[0]?.name).toBe('Host (away)');
    state = play(state, { type: 'score', playerId: 'h0', category: 'ones', name: 'Host' }, dice);
    expect(state.seats[0]?.name).toBe('Host');
    expect(state.version).toBe(5);
  });

  it('a refused action remembers nothing', () => {
    const state = createGame('h0', DEFAULT_RULES, 'Host');
    const result = applyAction(state, { type: 'start', playerId: 'h1', name: 'Intruder' }, dice);
    expect(result).toEqual({ ok: false, code: 'not-host' });
  });

  it('names are tidied: whitespace runs become one space, at most 32 characters, an empty name is ignored', () => {
    const long = `${'🎲'.repeat(20)}${'x'.repeat(20)}`;
    let state = play(
      createGame('h0', DEFAULT_RULES),
      { type: 'join', playerId: 'h1', name: `  Bob\n\t the\u00a0Great ` },
      dice,
    );
    expect(state.seats[1]?.name).toBe('Bob the Great');
    state = play(state, { type: 'leave', playerId: 'h0', name: long }, dice);
    state = play(state, { type: 'join', playerId: 'h0', name: long }, dice);
    expect(Array.from(state.seats[1]?.name ?? '')).toHaveLength(32);
    expect(state.seats[1]?.name?.startsWith('🎲'.repeat(20))).toBe(true);
    state = play(state, { type: 'add-computer', playerId: 'h1', level: 'optimal', name: '   ' }, dice);
    expect(state.seats[0]?.name).toBe('Bob the Great');
  });

  it('computer seats never take a name', () => {
    const state = play(createGame('h0', DEFAULT_RULES), { type: 'add-computer', playerId: 'h0', level: 'easy' }, dice);
    expect(withSeatName(state, 'cpu-easy-1', 'Robot').seats[1]).not.toHaveProperty('name');
  });

  it('games saved before names were kept still load, their seats without names', () => {
    const old = JSON.parse(serializeGame(start(createGame('h0', DEFAULT_RULES)))) as GameState;
    const loaded = deserializeGame(JSON.stringify(old));
    expect(loaded.seats[0]).not.toHaveProperty('name');
    expect(play(loaded, { type: 'score', playerId: 'h0', category: 'ones', name: 'Later' }, dice).seats[0]?.name).toBe(
      'Later',
    );
  });
});
