import { describe, expect, it } from 'vitest';
import { ALL_RULE_SETS, type CategoryId, type Dice, type Die, type Rules, scoreRoll } from '../../src/game/index.js';
import { Solver } from '../../src/strategy/index.js';

/**
 * An independent reference: plain expectimax over ordered dice and position subsets, written from
 * the rules alone (no multisets, no transition tables, no code shared with the solver), memoised
 * on the exact ordered position. Only feasible for a few rows, which is what it is for.
 */
class BruteForce {
  private readonly games = new Map<string, number>();
  private readonly positions = new Map<number, number>();

  constructor(
    private readonly rules: Rules,
    private readonly rows: readonly CategoryId[],
  ) {}

  /** Expected points from the open rows, before the opening roll of the next turn. */
  game(open: readonly CategoryId[]): number {
    if (open.length === 0) return 0;
    const key = open.join(',');
    const known = this.games.get(key);
    if (known !== undefined) return known;
    let sum = 0;
    for (const dice of ROLLS_OF_THREE) sum += this.position(open, dice as unknown as Dice, this.rules.rerolls);
    const value = sum / 216;
    this.games.set(key, value);
    return value;
  }

  /** The best expected points from a roll on the table with `rerollsLeft` rerolls to go. */
  position(open: readonly CategoryId[], dice: Dice, rerollsLeft: number): number {
    const openBits = this.rows.reduce((bits, row, i) => (open.includes(row) ? bits | (1 << i) : bits), 0);
    const key = ((openBits * 6 + dice[0]) * 6 + dice[1]) * 6 * 3 + dice[2] * 3 + rerollsLeft;
    const known = this.positions.get(key);
    if (known !== undefined) return known;
    let best = this.standing(open, dice);
    if (rerollsLeft > 0) {
      for (let bits = 0; bits < 7; bits += 1) best = Math.max(best, this.reroll(open, dice, bits, rerollsLeft));
    }
    this.positions.set(key, best);
    return best;
  }

  /** Scoring now in the best open row. */
  standing(open: readonly CategoryId[], dice: Dice): number {
    let best = Number.NEGATIVE_INFINITY;
    for (const row of open) {
      const rest = open.filter((other) => other !== row);
      best = Math.max(best, scoreRoll(dice, row, this.rules) + this.game(rest));
    }
    return best;
  }

  /** Keeping the dice at the set bits of `keepBits` and rerolling the others. */
  reroll(open: readonly CategoryId[], dice: Dice, keepBits: number, rerollsLeft: number): number {
    const free = [0, 1, 2].filter((position) => !(keepBits & (1 << position)));
    const outcomes = ROLLS_BY_COUNT[free.length]!;
    let sum = 0;
    for (const faces of outcomes) {
      const next = [...dice] as Die[];
      free.forEach((position, i) => {
        next[position] = faces[i]!;
      });
      sum += this.position(open, next as unknown as Dice, rerollsLeft - 1);
    }
    return sum / outcomes.length;
  }
}

function allRolls(count: number): Die[][] {
  if (count === 0) return [[]];
  const shorter = allRolls(count - 1);
  const faces: Die[] = [1, 2, 3, 4, 5, 6];
  return faces.flatMap((face) => shorter.map((rest) => [face, ...rest]));
}

const ROLLS_BY_COUNT = [0, 1, 2, 3].map(allRolls);
const ROLLS_OF_THREE = ROLLS_BY_COUNT[3]!;

const ROW_SETS: readonly (readonly CategoryId[])[] = [
  ['crag', 'thirteen'],
  ['three-of-a-kind', 'sixes', 'ones'],
  ['crag', 'thirteen', 'fives', 'fours'],
  ['low-straight', 'even-straight', 'high-straight', 'twos'],
];

const POSITIONS: readonly Dice[] = [
  [6, 6, 1],
  [5, 3, 5],
  [2, 4, 6],
  [1, 1, 1],
  [3, 6, 4],
];

describe('the solver on reduced games against brute force', () => {
  for (const rules of ALL_RULE_SETS) {
    for (const rows of ROW_SETS) {
      it(`matches for ${rows.join(', ')} with ${rules.rerolls} reroll(s), Thirteen ${rules.thirteen}`, () => {
        const solver = new Solver(rules, rows);
        const brute = new BruteForce(rules, rows);
        expect(solver.optimalExpectedTotal()).toBeCloseTo(brute.game(rows), 9);

        // A position one row into the game, at every reroll level, keep by keep and row by row.
        const [first, ...open] = rows as [CategoryId, ...CategoryId[]];
        expect(solver.expectedRemaining([first])).toBeCloseTo(brute.game(open), 9);
        for (const dice of POSITIONS) {
          for (let rerollsLeft = 0; rerollsLeft <= rules.rerolls; rerollsLeft += 1) {
            const ranked = solver.rankKeeps([first], dice, rerollsLeft);
            for (const option of ranked) {
              const bits = option.keep.reduce((sum, kept, position) => sum | (kept ? 1 << position : 0), 0);
              const expected = option.stands ? brute.standing(open, dice) : brute.reroll(open, dice, bits, rerollsLeft);
              expect(option.expected).toBeCloseTo(expected, 9);
            }
            expect(ranked[0]?.expected).toBeCloseTo(brute.position(open, dice, rerollsLeft), 9);
          }
          for (const row of solver.rankRows([first], dice)) {
            const rest = open.filter((other) => other !== row.category);
            expect(row.points).toBe(scoreRoll(dice, row.category, rules));
            expect(row.expected).toBeCloseTo(row.points + brute.game(rest), 9);
          }
        }
      });
    }
  }
});
