/**
 * Test-side knowledge of Crag, written from the rule documents and not from the engine: the
 * fitting dice per row, what each row can score at most, and small helpers to drive real games.
 */
import {
  type Action,
  applyAction,
  type CategoryId,
  type ComputerLevel,
  createGame,
  type GameState,
  type RandomInt,
  type Rules,
} from '../../src/game/index.js';

/** The thirteen rows in sheet order, spelled out again so a renamed or dropped row fails a test. */
export const ROWS = [
  'crag',
  'thirteen',
  'three-of-a-kind',
  'low-straight',
  'high-straight',
  'odd-straight',
  'even-straight',
  'sixes',
  'fives',
  'fours',
  'threes',
  'twos',
  'ones',
] as const satisfies readonly CategoryId[];

export type ThirteenRule = Rules['thirteen'];

/**
 * Every multiset of three faces (written sorted) that fits a combination row. The sums of 13 are
 * 1+6+6, 2+5+6, 3+4+6, 3+5+5 and 4+4+5; the ones with a pair are the crags.
 */
const FITTING: Readonly<Record<string, readonly string[]>> = {
  crag: ['166', '355', '445'],
  'thirteen/any': ['166', '256', '346', '355', '445'],
  'thirteen/no-pair': ['256', '346'],
  'three-of-a-kind': ['111', '222', '333', '444', '555', '666'],
  'low-straight': ['123'],
  'high-straight': ['456'],
  'odd-straight': ['135'],
  'even-straight': ['246'],
};

const FIXED_POINTS: Readonly<Record<string, number>> = {
  crag: 50,
  thirteen: 26,
  'three-of-a-kind': 25,
  'low-straight': 20,
  'high-straight': 20,
  'odd-straight': 20,
  'even-straight': 20,
};

const FACE: Readonly<Record<string, number>> = { ones: 1, twos: 2, threes: 3, fours: 4, fives: 5, sixes: 6 };

/** The most each row can score: the fixed values, and three of the face for the number rows. */
export const ROW_MAX = {
  ...FIXED_POINTS,
  ...Object.fromEntries(Object.entries(FACE).map(([row, face]) => [row, 3 * face])),
} as Readonly<Record<CategoryId, number>>;

/** The points a roll is worth in a row, from the lists above. */
export function expectedScore(dice: readonly number[], row: CategoryId, thirteen: ThirteenRule): number {
  const face = FACE[row];
  if (face !== undefined) {
    let count = 0;
    for (const d of dice) if (d === face) count += 1;
    return count * face;
  }
  const key = [...dice].sort().join('');
  const list = row === 'thirteen' ? FITTING[`thirteen/${thirteen}`] : FITTING[row];
  if (!list) throw new Error(`no fitting list for ${row}`);
  return list.includes(key) ? (FIXED_POINTS[row] ?? Number.NaN) : 0;
}

/** All 216 ordered rolls of three dice. */
export function allRolls(): [number, number, number][] {
  const rolls: [number, number, number][] = [];
  for (let a = 1; a <= 6; a += 1) for (let b = 1; b <= 6; b += 1) for (let c = 1; c <= 6; c += 1) rolls.push([a, b, c]);
  return rolls;
}

/**
 * A dice source that shows the given faces (1-6) in order, over and over. The engine asks for one
 * face per die, so `scripted([6, 6, 1])` makes every roll 6-6-1.
 */
export function scripted(faces: readonly number[]): RandomInt {
  let i = 0;
  return (maxExclusive) => {
    if (maxExclusive !== 6) throw new Error(`expected a d6 draw, got ${maxExclusive}`);
    const face = faces[i % faces.length];
    i += 1;
    if (face === undefined) throw new Error('empty script');
    return face - 1;
  };
}

/** Applies an action that must be accepted; a refusal fails the test with its code. */
export function play(state: GameState, action: Action, random: RandomInt): GameState {
  const result = applyAction(state, action, random);
  if (!result.ok) throw new Error(`${JSON.stringify(action)} refused: ${result.code}`);
  return result.state;
}

/** A lobby hosted by `h0`, with humans `h1`… joined and computers added by the host. */
export function lobby(
  rules: Rules,
  humans: number,
  computers: readonly ComputerLevel[] = [],
  random: RandomInt = scripted([1]),
): GameState {
  let state = createGame('h0', rules);
  for (let i = 1; i < humans; i += 1) state = play(state, { type: 'join', playerId: `h${i}` }, random);
  for (const level of computers) state = play(state, { type: 'add-computer', playerId: 'h0', level }, random);
  return state;
}

/** The id of the player whose turn it is; fails if nobody's. */
export function current(state: GameState): string {
  const seat = state.seats[state.currentSeat];
  if (state.status !== 'playing' || !seat) throw new Error(`no current player (status ${state.status})`);
  return seat.playerId;
}

/** Sum of the points on a sheet, counted here. */
export function sumOfRows(state: GameState, playerId: string): number {
  let total = 0;
  for (const row of ROWS) total += state.sheets[playerId]?.[row]?.points ?? 0;
  return total;
}

/** Every kind of action, from each seated player, an outsider (`x`) and as a moderator. */
export function everyAction(state: GameState): Action[] {
  const ids = [...state.seats.map((seat) => seat.playerId), 'x'];
  return [
    ...ids.flatMap((playerId): Action[] => [
      { type: 'join', playerId },
      { type: 'leave', playerId },
      { type: 'add-computer', playerId, level: 'easy' },
      { type: 'start', playerId },
      { type: 'toggle-keep', playerId, die: 0 },
      { type: 'toggle-keep', playerId, die: 1 },
      { type: 'reroll', playerId },
      { type: 'reroll', playerId, keep: [false, false, false] },
      { type: 'score', playerId, category: 'ones' },
      { type: 'score', playerId, category: 'crag' },
      { type: 'score', playerId, category: 'nope' },
      { type: 'cancel', playerId },
      { type: 'cancel', playerId, moderator: true },
    ]),
    { type: 'time-out' },
  ];
}
