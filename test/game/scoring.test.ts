import { describe, expect, it } from 'vitest';
import {
  ALL_RULE_SETS,
  CATEGORIES,
  CATEGORY_IDS,
  DEFAULT_RULES,
  type Rules,
  scoreAllRows,
  scoreRoll,
} from '../../src/game/index.js';
import { allRolls, expectedScore, ROW_MAX, ROWS, type ThirteenRule } from './support.js';

const THIRTEEN_RULES: readonly ThirteenRule[] = ['any', 'no-pair'];

describe('the row list', () => {
  it('is the thirteen rows of the rule documents, in sheet order, with their maximum points', () => {
    expect(CATEGORY_IDS).toEqual(ROWS);
    expect(CATEGORIES.map((c) => c.id)).toEqual(ROWS);
    for (const category of CATEGORIES) expect(category.maxPoints, category.id).toBe(ROW_MAX[category.id]);
  });

  it('the default rules are the Wikipedia ones: one reroll, any total of 13', () => {
    expect(DEFAULT_RULES).toEqual({ rerolls: 1, thirteen: 'any' });
  });
});

describe('the independent expectation table', () => {
  // Counts of ordered rolls fitting each row, worked out by hand: a multiset of three distinct
  // faces has 6 orders, one with a pair 3, three of a kind 1.
  const fittingOrders: Record<string, number> = {
    crag: 3 + 3 + 3,
    'thirteen/any': 3 + 6 + 6 + 3 + 3,
    'thirteen/no-pair': 6 + 6,
    'three-of-a-kind': 6,
    'low-straight': 6,
    'high-straight': 6,
    'odd-straight': 6,
    'even-straight': 6,
  };

  it('has as many fitting rolls per combination row as counted by hand', () => {
    const rolls = allRolls();
    expect(rolls).toHaveLength(216);
    expect(new Set(rolls.map((r) => r.join(''))).size).toBe(216);
    for (const [key, count] of Object.entries(fittingOrders)) {
      const [row, rule] = key.split('/') as [(typeof ROWS)[number], ThirteenRule | undefined];
      const fitting = rolls.filter((r) => expectedScore(r, row, rule ?? 'any') > 0);
      expect(fitting.length, key).toBe(count);
    }
  });

  it("agrees with the documents' examples", () => {
    // Wikipedia's table.
    expect(expectedScore([6, 6, 1], 'crag', 'any')).toBe(50);
    expect(expectedScore([3, 4, 6], 'thirteen', 'any')).toBe(26);
    expect(expectedScore([4, 4, 4], 'three-of-a-kind', 'any')).toBe(25);
    expect(expectedScore([6, 6, 6], 'sixes', 'any')).toBe(18);
    expect(expectedScore([1, 2, 5], 'fives', 'any')).toBe(5);
    expect(expectedScore([4, 4, 5], 'fours', 'any')).toBe(8);
    expect(expectedScore([2, 2, 6], 'twos', 'any')).toBe(4);
    // The how-to page: Thirteen with no pair.
    expect(expectedScore([2, 5, 6], 'thirteen', 'no-pair')).toBe(26);
    expect(expectedScore([5, 5, 3], 'thirteen', 'no-pair')).toBe(0);
  });
});

describe('scoreRoll', () => {
  const cases = THIRTEEN_RULES.flatMap((thirteen) => ROWS.map((row) => ({ thirteen, row })));

  it.each(cases)('scores every ordered roll in $row as the table says (thirteen: $thirteen)', ({ thirteen, row }) => {
    for (const rerolls of [1, 2] as const) {
      const rules: Rules = { rerolls, thirteen };
      const wrong = allRolls()
        .map((dice) => ({
          dice: dice.join('-'),
          got: scoreRoll(dice, row, rules),
          want: expectedScore(dice, row, thirteen),
        }))
        .filter(({ got, want }) => got !== want);
      expect(wrong).toEqual([]);
    }
  });

  it('uses the default rules when none are given', () => {
    expect(scoreRoll([5, 5, 3], 'thirteen')).toBe(26);
    expect(scoreRoll([5, 5, 3], 'thirteen', { rerolls: 1, thirteen: 'no-pair' })).toBe(0);
  });

  it('the order of the dice never matters', () => {
    const wrong: string[] = [];
    for (const [a, b, c] of allRolls()) {
      for (const row of ROWS) {
        const score = scoreRoll([a, b, c], row);
        for (const order of [
          [c, a, b],
          [b, c, a],
          [c, b, a],
        ]) {
          if (scoreRoll(order, row) !== score) wrong.push(`${order.join('-')} in ${row}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('scoreAllRows gives the table value for every row, in sheet order', () => {
    const wrong: string[] = [];
    for (const rules of ALL_RULE_SETS) {
      for (const dice of allRolls()) {
        const all = scoreAllRows(dice, rules);
        if (Object.keys(all).join() !== ROWS.join()) wrong.push(`rows of ${dice.join('-')}`);
        for (const row of ROWS) {
          if (all[row] !== expectedScore(dice, row, rules.thirteen)) wrong.push(`${dice.join('-')} in ${row}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the best of every row adds up to the maximum total of 244', () => {
    for (const rules of ALL_RULE_SETS) {
      let total = 0;
      for (const row of ROWS) {
        const best = Math.max(...allRolls().map((dice) => scoreRoll(dice, row, rules)));
        expect(best, row).toBe(ROW_MAX[row]);
        total += best;
      }
      expect(total).toBe(244);
    }
  });

  it.each([
    { name: 'two dice', dice: [1, 2] },
    { name: 'four dice', dice: [1, 2, 3, 4] },
    { name: 'no dice', dice: [] },
    { name: 'a zero', dice: [0, 1, 2] },
    { name: 'a seven', dice: [7, 1, 2] },
    { name: 'a negative face', dice: [-1, 3, 3] },
    { name: 'a fraction', dice: [1.5, 2, 3] },
    { name: 'NaN', dice: [Number.NaN, 2, 3] },
    { name: 'Infinity', dice: [Number.POSITIVE_INFINITY, 2, 3] },
  ])('throws RangeError for $name (a programming error)', ({ dice }) => {
    for (const row of ROWS) expect(() => scoreRoll(dice, row)).toThrow(RangeError);
  });

  it('throws RangeError for a row that does not exist', () => {
    expect(() => scoreRoll([1, 2, 3], 'yacht' as never)).toThrow(RangeError);
  });
});
