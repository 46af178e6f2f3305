import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  DEFAULT_RULES,
  deserializeGame,
  type GameState,
  MAX_SEATS,
  type RefusalCode,
  type Rules,
  serializeGame,
} from '../../src/game/index.js';
import { everyAction, lobby, play, ROWS, scripted } from './support.js';

/** Every refusal code; `satisfies` makes the compiler fail this file if a code is added or dropped. */
const EVERY_CODE = {
  'not-your-turn': true,
  'not-in-game': true,
  'not-host': true,
  'already-joined': true,
  'game-full': true,
  'not-enough-players': true,
  'not-started': true,
  'already-started': true,
  'game-over': true,
  'row-used': true,
  'unknown-row': true,
  'no-rerolls-left': true,
  'all-dice-kept': true,
  'bad-die': true,
} as const satisfies Record<RefusalCode, true>;

const dice = scripted([1, 2, 4]);
const TWO_REROLLS: Rules = { rerolls: 2, thirteen: 'any' };

// Real games brought to the situations the refusals need.
const lobbyOf3 = lobby(DEFAULT_RULES, 3); // h0 (host), h1, h2
const fullLobby = lobby(DEFAULT_RULES, 2, ['easy', 'optimal', 'strong']);
const playing = play(lobbyOf3, { type: 'start', playerId: 'h0' }, dice); // h0 to act, no reroll yet
const h1Left = play(playing, { type: 'leave', playerId: 'h1' }, dice);
const rerolledOnce = play(playing, { type: 'reroll', playerId: 'h0', keep: [true, false, false] }, dice);
const twoRerollGame = play(lobby(TWO_REROLLS, 2), { type: 'start', playerId: 'h0' }, dice);
const rerolledTwice = play(
  play(twoRerollGame, { type: 'reroll', playerId: 'h0' }, dice),
  { type: 'reroll', playerId: 'h0' },
  dice,
);
const allKeptMarked = [0, 1, 2].reduce(
  (state, die) => play(state, { type: 'toggle-keep', playerId: 'h0', die }, dice),
  playing,
);
const solo = play(lobby(DEFAULT_RULES, 1), { type: 'start', playerId: 'h0' }, dice);
const soloRound2 = play(solo, { type: 'score', playerId: 'h0', category: 'ones' }, dice);
const finished = ROWS.reduce((state, category) => play(state, { type: 'score', playerId: 'h0', category }, dice), solo);
const cancelledInPlay = play(playing, { type: 'cancel', playerId: 'h0' }, dice);
const cancelledInLobby = play(lobbyOf3, { type: 'cancel', playerId: 'x', moderator: true }, dice);
/**
 * A stored lobby whose only seats are computers (its host's seat gone from the record). No
 * sequence of actions leads here, as a lobby always keeps a human host; it is the one way to
 * reach 'not-enough-players'.
 */
const withComputers = lobby(DEFAULT_RULES, 1, ['easy', 'optimal']);
const computersOnly = deserializeGame(
  JSON.stringify({
    ...withComputers,
    seats: withComputers.seats.filter((seat) => seat.computer !== null),
    sheets: { 'cpu-easy-1': {}, 'cpu-optimal-1': {} },
  }),
);

interface Case {
  readonly name: string;
  readonly state: GameState;
  readonly action: Action;
  readonly code: RefusalCode;
}

const cases: Case[] = [
  // not-your-turn
  {
    name: 'score out of turn',
    state: playing,
    action: { type: 'score', playerId: 'h1', category: 'ones' },
    code: 'not-your-turn',
  },
  { name: 'reroll out of turn', state: playing, action: { type: 'reroll', playerId: 'h2' }, code: 'not-your-turn' },
  {
    name: 'keep out of turn',
    state: playing,
    action: { type: 'toggle-keep', playerId: 'h1', die: 0 },
    code: 'not-your-turn',
  },
  // not-in-game
  {
    name: 'an outsider scores',
    state: playing,
    action: { type: 'score', playerId: 'x', category: 'ones' },
    code: 'not-in-game',
  },
  { name: 'an outsider rerolls', state: playing, action: { type: 'reroll', playerId: 'x' }, code: 'not-in-game' },
  {
    name: 'an outsider keeps',
    state: playing,
    action: { type: 'toggle-keep', playerId: 'x', die: 1 },
    code: 'not-in-game',
  },
  {
    name: 'an outsider leaves a lobby',
    state: lobbyOf3,
    action: { type: 'leave', playerId: 'x' },
    code: 'not-in-game',
  },
  { name: 'an outsider leaves a game', state: playing, action: { type: 'leave', playerId: 'x' }, code: 'not-in-game' },
  {
    name: 'a player who left leaves again',
    state: h1Left,
    action: { type: 'leave', playerId: 'h1' },
    code: 'not-in-game',
  },
  {
    name: 'a player who left scores',
    state: play(h1Left, { type: 'score', playerId: 'h0', category: 'ones' }, dice),
    action: { type: 'score', playerId: 'h1', category: 'ones' },
    code: 'not-in-game',
  },
  // not-host
  { name: 'a guest starts', state: lobbyOf3, action: { type: 'start', playerId: 'h1' }, code: 'not-host' },
  { name: 'an outsider starts', state: lobbyOf3, action: { type: 'start', playerId: 'x' }, code: 'not-host' },
  { name: 'a guest cancels a lobby', state: lobbyOf3, action: { type: 'cancel', playerId: 'h2' }, code: 'not-host' },
  { name: 'a guest cancels a game', state: playing, action: { type: 'cancel', playerId: 'h1' }, code: 'not-host' },
  { name: 'an outsider cancels', state: playing, action: { type: 'cancel', playerId: 'x' }, code: 'not-host' },
  {
    name: 'a guest adds a computer',
    state: lobbyOf3,
    action: { type: 'add-computer', playerId: 'h1', level: 'easy' },
    code: 'not-host',
  },
  // already-joined
  { name: 'a guest joins twice', state: lobbyOf3, action: { type: 'join', playerId: 'h1' }, code: 'already-joined' },
  { name: 'the host joins', state: lobbyOf3, action: { type: 'join', playerId: 'h0' }, code: 'already-joined' },
  {
    name: 'a seated player joins a full lobby',
    state: fullLobby,
    action: { type: 'join', playerId: 'h1' },
    code: 'already-joined',
  },
  // game-full
  { name: 'a 6th player joins', state: fullLobby, action: { type: 'join', playerId: 'h9' }, code: 'game-full' },
  {
    name: 'a 6th seat for a computer',
    state: fullLobby,
    action: { type: 'add-computer', playerId: 'h0', level: 'strong' },
    code: 'game-full',
  },
  // not-enough-players
  {
    name: 'start with no human seat',
    state: computersOnly,
    action: { type: 'start', playerId: 'h0' },
    code: 'not-enough-players',
  },
  // not-started
  { name: 'reroll in the lobby', state: lobbyOf3, action: { type: 'reroll', playerId: 'h0' }, code: 'not-started' },
  {
    name: 'keep in the lobby',
    state: lobbyOf3,
    action: { type: 'toggle-keep', playerId: 'h0', die: 0 },
    code: 'not-started',
  },
  {
    name: 'score in the lobby',
    state: lobbyOf3,
    action: { type: 'score', playerId: 'h0', category: 'ones' },
    code: 'not-started',
  },
  { name: 'time-out in the lobby', state: lobbyOf3, action: { type: 'time-out' }, code: 'not-started' },
  // already-started
  { name: 'join after the start', state: playing, action: { type: 'join', playerId: 'h9' }, code: 'already-started' },
  {
    name: 'a seated player joins after the start',
    state: playing,
    action: { type: 'join', playerId: 'h1' },
    code: 'already-started',
  },
  { name: 'start twice', state: playing, action: { type: 'start', playerId: 'h0' }, code: 'already-started' },
  {
    name: 'add a computer after the start',
    state: playing,
    action: { type: 'add-computer', playerId: 'h0', level: 'easy' },
    code: 'already-started',
  },
  // row-used
  {
    name: 'score a used row',
    state: soloRound2,
    action: { type: 'score', playerId: 'h0', category: 'ones' },
    code: 'row-used',
  },
  // unknown-row
  ...['yacht', '', 'Crag', 'constructor', '__proto__', 'toString', 'ones '].map(
    (category): Case => ({
      name: `score the row ${JSON.stringify(category)}`,
      state: playing,
      action: { type: 'score', playerId: 'h0', category },
      code: 'unknown-row',
    }),
  ),
  // no-rerolls-left
  {
    name: 'a second reroll (one allowed)',
    state: rerolledOnce,
    action: { type: 'reroll', playerId: 'h0' },
    code: 'no-rerolls-left',
  },
  {
    name: 'a second reroll with a keep (one allowed)',
    state: rerolledOnce,
    action: { type: 'reroll', playerId: 'h0', keep: [false, false, false] },
    code: 'no-rerolls-left',
  },
  {
    name: 'keep after the last reroll',
    state: rerolledOnce,
    action: { type: 'toggle-keep', playerId: 'h0', die: 2 },
    code: 'no-rerolls-left',
  },
  {
    name: 'a third reroll (two allowed)',
    state: rerolledTwice,
    action: { type: 'reroll', playerId: 'h0' },
    code: 'no-rerolls-left',
  },
  {
    name: 'keep after the second reroll (two allowed)',
    state: rerolledTwice,
    action: { type: 'toggle-keep', playerId: 'h0', die: 0 },
    code: 'no-rerolls-left',
  },
  // all-dice-kept
  {
    name: 'reroll with every die marked',
    state: allKeptMarked,
    action: { type: 'reroll', playerId: 'h0' },
    code: 'all-dice-kept',
  },
  {
    name: 'reroll keeping every die',
    state: playing,
    action: { type: 'reroll', playerId: 'h0', keep: [true, true, true] },
    code: 'all-dice-kept',
  },
  // bad-die
  ...[-1, 3, 1.5, Number.NaN, 100].map(
    (die): Case => ({
      name: `keep die ${die}`,
      state: playing,
      action: { type: 'toggle-keep', playerId: 'h0', die },
      code: 'bad-die',
    }),
  ),
  // game-over: everything on a finished or cancelled game
  ...(
    [
      ['finished', finished],
      ['cancelled in play', cancelledInPlay],
      ['cancelled in the lobby', cancelledInLobby],
    ] as const
  ).flatMap(([label, state]) =>
    everyAction(state).map(
      (action): Case => ({
        name: `${action.type} ${JSON.stringify(action)} on a ${label} game`,
        state,
        action,
        code: 'game-over',
      }),
    ),
  ),
];

describe('refusals', () => {
  it('the situations are what they claim', () => {
    expect(playing.status).toBe('playing');
    expect(finished.status).toBe('finished');
    expect(finished.endReason).toBe('completed');
    expect(cancelledInPlay.status).toBe('cancelled');
    expect(cancelledInLobby.status).toBe('cancelled');
    expect(fullLobby.seats).toHaveLength(MAX_SEATS);
    expect(MAX_SEATS).toBe(5);
    expect(computersOnly.status).toBe('lobby');
    expect(computersOnly.seats.map((s) => s.computer)).toEqual(['easy', 'optimal']);
    expect(rerolledOnce.turn?.rolls).toHaveLength(2);
    expect(rerolledTwice.turn?.rolls).toHaveLength(3);
    expect(allKeptMarked.turn?.keep).toEqual([true, true, true]);
    expect(soloRound2.sheets.h0?.ones).toBeDefined();
  });

  it.each(cases)('$name: refused with $code, nothing changes', ({ state, action, code }) => {
    const before = serializeGame(state);
    const result = applyAction(state, action, dice);
    expect(result).toEqual({ ok: false, code });
    expect(serializeGame(state)).toBe(before);
  });

  it('covers every refusal code', () => {
    const covered = new Set(cases.map((c) => c.code));
    expect([...covered].sort()).toEqual(Object.keys(EVERY_CODE).sort());
  });

  it('the same actions are accepted where they are legal', () => {
    // A check that the refusals above come from the situation, not from the action alone.
    const accepted: [GameState, Action][] = [
      [playing, { type: 'score', playerId: 'h0', category: 'ones' }],
      [playing, { type: 'reroll', playerId: 'h0' }],
      [playing, { type: 'toggle-keep', playerId: 'h0', die: 2 }],
      [playing, { type: 'reroll', playerId: 'h0', keep: [true, true, false] }],
      [lobbyOf3, { type: 'start', playerId: 'h0' }],
      [lobbyOf3, { type: 'cancel', playerId: 'h0' }],
      [playing, { type: 'cancel', playerId: 'h1', moderator: true }],
      [lobbyOf3, { type: 'add-computer', playerId: 'h0', level: 'easy' }],
      [lobbyOf3, { type: 'join', playerId: 'h9' }],
      [lobby(DEFAULT_RULES, 4), { type: 'join', playerId: 'h9' }],
      [lobby(DEFAULT_RULES, 4), { type: 'add-computer', playerId: 'h0', level: 'strong' }],
      [twoRerollGame, { type: 'reroll', playerId: 'h0' }],
      [play(twoRerollGame, { type: 'reroll', playerId: 'h0' }, dice), { type: 'reroll', playerId: 'h0' }],
      [soloRound2, { type: 'score', playerId: 'h0', category: 'twos' }],
      [playing, { type: 'time-out' }],
      [playing, { type: 'leave', playerId: 'h2' }],
    ];
    for (const [state, action] of accepted) {
      const result = applyAction(state, action, dice);
      expect(result.ok, JSON.stringify(action)).toBe(true);
    }
  });
});
