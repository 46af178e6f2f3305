import type { CategoryId } from './categories.js';
import { CATEGORY_IDS, MAX_POINTS } from './categories.js';
import type { Die } from './dice.js';
import { DEFAULT_RULES, type Rules } from './rules.js';

const STRAIGHTS: Readonly<Record<string, string>> = {
  'low-straight': '123',
  'high-straight': '456',
  'odd-straight': '135',
  'even-straight': '246',
};

const FACE_ROWS: Readonly<Record<string, Die>> = { ones: 1, twos: 2, threes: 3, fours: 4, fives: 5, sixes: 6 };

/**
 * The points three dice score in a row. Dice that don't fit the row score 0.
 * Throws only for input that is not three dice (a programming error, never a player's).
 */
export function scoreRoll(dice: readonly number[], category: CategoryId, rules: Rules = DEFAULT_RULES): number {
  if (dice.length !== 3 || dice.some((d) => !Number.isInteger(d) || d < 1 || d > 6)) {
    throw new RangeError(`scoreRoll takes three dice from 1 to 6, got [${dice.join(', ')}]`);
  }
  const [a, b, c] = [...dice].sort((x, y) => x - y) as [number, number, number];
  const total = a + b + c;
  const hasPair = a === b || b === c;
  switch (category) {
    case 'crag':
      return hasPair && total === 13 ? MAX_POINTS.crag : 0;
    case 'thirteen':
      return total === 13 && (rules.thirteen === 'any' || !hasPair) ? MAX_POINTS.thirteen : 0;
    case 'three-of-a-kind':
      return a === c ? MAX_POINTS['three-of-a-kind'] : 0;
    case 'low-straight':
    case 'high-straight':
    case 'odd-straight':
    case 'even-straight':
      return `${a}${b}${c}` === STRAIGHTS[category] ? MAX_POINTS[category] : 0;
    default: {
      const face = FACE_ROWS[category];
      if (face === undefined) throw new RangeError(`unknown category ${String(category)}`);
      return dice.reduce((sum, d) => (d === face ? sum + d : sum), 0);
    }
  }
}

/** What the dice would score in every row, in sheet order. */
export function scoreAllRows(dice: readonly number[], rules: Rules = DEFAULT_RULES): Record<CategoryId, number> {
  const scores = {} as Record<CategoryId, number>;
  for (const id of CATEGORY_IDS) scores[id] = scoreRoll(dice, id, rules);
  return scores;
}
