import { describe, expect, it } from 'vitest';
import {
  applyAction,
  bestImmediateRow,
  type CategoryId,
  DEFAULT_RULES,
  type GameState,
  type RandomInt,
  type Rules,
  seededRandom,
  standings,
} from '../../src/game/index.js';
import { current, expectedScore, lobby, play, ROW_MAX, ROWS, scripted, sumOfRows } from './support.js';

/** Plays a whole game where every turn scores the given row order, with no rerolls. */
function playOut(state: GameState, random: RandomInt, order: (playerId: string) => readonly CategoryId[]): GameState {
  let s = state;
  while (s.status === 'playing') {
    const playerId = current(s);
    const sheet = s.sheets[playerId] ?? {};
    const row = order(playerId).find((id) => sheet[id] === undefined);
    if (!row) throw new Error(`no open row for ${playerId}`);
    s = play(s, { type: 'score', playerId, category: row }, random);
  }
  return s;
}

describe('standings', () => {
  it('equal totals share a place: 1, 1, 3', () => {
    // Seats h0 and h1 roll 6-6-6 every turn, h2 rolls 1-1-1.
    const random = scripted([6, 6, 6, 6, 6, 6, 1, 1, 1]);
    let state = play(lobby(DEFAULT_RULES, 3), { type: 'start', playerId: 'h0' }, random);
    state = playOut(state, random, () => ROWS);
    expect(state.status).toBe('finished');
    expect(standings(state)).toEqual([
      { playerId: 'h0', computer: null, left: false, total: 25 + 18, place: 1 },
      { playerId: 'h1', computer: null, left: false, total: 25 + 18, place: 1 },
      { playerId: 'h2', computer: null, left: false, total: 25 + 3, place: 3 },
    ]);
  });

  it('ranks by total, highest first, with a shared middle place: 1, 2, 2, 4', () => {
    // Seat order h0, h1, cpu-easy-1, cpu-strong-1; rolls 1-1-1, 3-3-3, 6-6-6, 3-3-3.
    const random = scripted([1, 1, 1, 3, 3, 3, 6, 6, 6, 3, 3, 3]);
    let state = play(lobby(DEFAULT_RULES, 2, ['easy', 'strong']), { type: 'start', playerId: 'h0' }, random);
    state = playOut(state, random, () => ROWS);
    expect(
      standings(state).map(({ playerId, computer, total, place }) => ({ playerId, computer, total, place })),
    ).toEqual([
      { playerId: 'cpu-easy-1', computer: 'easy', total: 43, place: 1 },
      { playerId: 'h1', computer: null, total: 34, place: 2 },
      { playerId: 'cpu-strong-1', computer: 'strong', total: 34, place: 2 },
      { playerId: 'h0', computer: null, total: 28, place: 4 },
    ]);
  });

  it('a total is the sum of its rows, and a perfect sheet is 244', () => {
    // The rolls a perfect sheet needs, one per row in sheet order.
    const perfect = [
      [6, 6, 1],
      [3, 4, 6],
      [5, 5, 5],
      [1, 2, 3],
      [4, 5, 6],
      [1, 3, 5],
      [2, 4, 6],
      [6, 6, 6],
      [5, 5, 5],
      [4, 4, 4],
      [3, 3, 3],
      [2, 2, 2],
      [1, 1, 1],
    ].flat();
    for (const rules of [DEFAULT_RULES, { rerolls: 2, thirteen: 'no-pair' } as Rules]) {
      const random = scripted(perfect);
      let state = play(lobby(rules, 1), { type: 'start', playerId: 'h0' }, random);
      state = playOut(state, random, () => ROWS);
      const [only] = standings(state);
      expect(only).toMatchObject({ playerId: 'h0', total: 244, place: 1 });
      expect(sumOfRows(state, 'h0')).toBe(244);
      for (const row of ROWS) expect(state.sheets.h0?.[row]?.points).toBe(ROW_MAX[row]);
    }
  });

  it('includes players who left, with their zeros', () => {
    const random = scripted([6, 6, 6]);
    let state = play(lobby(DEFAULT_RULES, 2), { type: 'start', playerId: 'h0' }, random);
    state = play(state, { type: 'score', playerId: 'h0', category: 'sixes' }, random);
    state = play(state, { type: 'leave', playerId: 'h0' }, random);
    state = playOut(state, random, () => ROWS);
    expect(standings(state)).toEqual([
      { playerId: 'h1', computer: null, left: false, total: 43, place: 1 },
      { playerId: 'h0', computer: null, left: true, total: 18, place: 2 },
    ]);
  });

  it('in a lobby everyone stands at 0, sharing first place', () => {
    expect(standings(lobby(DEFAULT_RULES, 2, ['easy'])).map((s) => [s.total, s.place])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
  });
});

describe('bestImmediateRow and time-outs', () => {
  const FACE_ROWS = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'] as const;
  const STRAIGHTS = ['low-straight', 'high-straight', 'odd-straight', 'even-straight'] as const;

  /** A solo game in which the given rows are already filled, now showing `shown`. */
  function soloWith(filled: readonly CategoryId[], shown: readonly number[]): GameState {
    const filler = scripted([1, 1, 1]);
    let state = play(
      lobby(DEFAULT_RULES, 1),
      { type: 'start', playerId: 'h0' },
      filled.length ? filler : scripted(shown),
    );
    filled.forEach((category, i) => {
      const next = i === filled.length - 1 ? scripted(shown) : filler;
      state = play(state, { type: 'score', playerId: 'h0', category }, next);
    });
    return state;
  }

  it.each([
    { shown: [6, 6, 1], filled: [], best: 'crag' },
    { shown: [6, 6, 1], filled: ['crag'], best: 'thirteen' },
    { shown: [3, 4, 6], filled: [], best: 'thirteen' },
    { shown: [2, 2, 2], filled: [], best: 'three-of-a-kind' },
    { shown: [6, 5, 4], filled: [], best: 'high-straight' },
    { shown: [1, 2, 4], filled: [], best: 'fours' },
    { shown: [6, 6, 5], filled: [], best: 'sixes' },
    // A tie on points sacrifices the row that could score least: ones (max 3) before twos (max 6).
    { shown: [1, 1, 2], filled: [], best: 'ones' },
    { shown: [2, 4, 2], filled: [], best: 'twos' },
    { shown: [3, 3, 2], filled: ['sixes'], best: 'threes' },
    // Nothing scores: the cheapest open row is sacrificed.
    { shown: [1, 2, 4], filled: ['ones', 'twos', 'fours'], best: 'threes' },
    { shown: [1, 2, 4], filled: [...FACE_ROWS, 'three-of-a-kind'], best: 'low-straight' },
    {
      shown: [1, 2, 4],
      filled: [...FACE_ROWS, 'low-straight', 'high-straight', 'odd-straight', 'even-straight'],
      best: 'three-of-a-kind',
    },
    { shown: [1, 2, 4], filled: [...FACE_ROWS, ...STRAIGHTS, 'three-of-a-kind'], best: 'thirteen' },
  ] as const)('with $shown and $filled filled, picks $best', ({ shown, filled, best }) => {
    const state = soloWith(filled, shown);
    expect(state.turn?.rolls.at(-1)).toEqual(shown);
    expect(bestImmediateRow(state)).toBe(best);
    // A time-out scores exactly that row for the player.
    const result = applyAction(state, { type: 'time-out' }, scripted([1]));
    if (!result.ok) throw new Error(result.code);
    const entry = result.state.sheets.h0?.[best];
    expect(entry).toEqual({ points: expectedScore(shown, best, 'any'), round: filled.length + 1 });
    expect(result.state.history.at(-1)).toMatchObject({ category: best, timedOut: true, playerId: 'h0' });
    expect(result.state.seats[0]?.missedTurns).toBe(1);
  });

  it('agrees with an exhaustive greedy choice on every roll and random sheets', () => {
    const random = seededRandom(99);
    for (let trial = 0; trial < 300; trial += 1) {
      const open = ROWS.filter(() => random(3) > 0);
      if (open.length === 0) continue;
      const filled = ROWS.filter((row) => !open.includes(row));
      const shown = [random(6) + 1, random(6) + 1, random(6) + 1];
      const state = soloWith(filled, shown);
      const points = (row: CategoryId) => expectedScore(shown, row, 'any');
      const top = Math.max(...open.map(points));
      const cheapest = Math.min(...open.filter((row) => points(row) === top).map((row) => ROW_MAX[row]));
      const chosen = bestImmediateRow(state);
      expect(chosen && open.includes(chosen)).toBe(true);
      expect(points(chosen!)).toBe(top);
      expect(ROW_MAX[chosen!]).toBe(cheapest);
    }
  });

  it('there is no best row when no game is under way', () => {
    expect(bestImmediateRow(lobby(DEFAULT_RULES, 2))).toBeUndefined();
  });
});

describe('seeded dice', () => {
  /** A whole game of three driven by one seed: rerolls keeping pairs, then greedy rows. */
  function seededGame(seed: number): GameState {
    const random = seededRandom(seed);
    let state = play(lobby({ rerolls: 2, thirteen: 'any' }, 2, ['strong']), { type: 'start', playerId: 'h0' }, random);
    while (state.status === 'playing') {
      const playerId = current(state);
      const shown = state.turn?.rolls.at(-1) ?? [];
      if ((state.turn?.rolls.length ?? 0) < 3 && random(2) === 0) {
        const keep = [shown[0] === shown[1], shown[0] === shown[1], false] as const;
        state = play(state, { type: 'reroll', playerId, keep }, random);
      } else {
        state = play(state, { type: 'score', playerId, category: bestImmediateRow(state)! }, random);
      }
    }
    return state;
  }

  it('the same seed plays the same game; another seed plays another', () => {
    const a = seededGame(2024);
    expect(a.status).toBe('finished');
    expect(seededGame(2024)).toStrictEqual(a);
    expect(seededGame(2025).history).not.toEqual(a.history);
  });
});
