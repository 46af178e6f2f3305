import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_RULE_SETS,
  CATEGORY_IDS,
  type CategoryId,
  DEFAULT_RULES,
  type Dice,
  type Die,
  scoreRoll,
} from '../../src/game/index.js';
import { bestAction, expectedRemaining, optimalExpectedTotal, rankKeeps, rankRows } from '../../src/strategy/index.js';

const die = fc.integer({ min: 1, max: 6 }) as fc.Arbitrary<Die>;
const dice = fc.tuple(die, die, die) as fc.Arbitrary<Dice>;
const rules = fc.constantFrom(...ALL_RULE_SETS);
/** Any set of used rows but the full one. */
const used = fc.integer({ min: 0, max: (1 << 13) - 2 });

function faces(count: number): Die[][] {
  if (count === 0) return [[]];
  return ([1, 2, 3, 4, 5, 6] as Die[]).flatMap((face) => faces(count - 1).map((rest) => [face, ...rest]));
}

/** The best value of a position through the public queries alone. */
function positionValue(ruleSet: (typeof ALL_RULE_SETS)[number], mask: number, roll: Dice, rerollsLeft: number): number {
  return rerollsLeft > 0
    ? rankKeeps(ruleSet, mask, roll, rerollsLeft)[0]!.expected
    : rankRows(ruleSet, mask, roll)[0]!.expected;
}

describe('position queries on the full game', () => {
  it('list every distinct keep once, best first, with "all" worth the best row', () => {
    fc.assert(
      fc.property(rules, used, dice, (ruleSet, mask, roll) => {
        for (let rerollsLeft = 0; rerollsLeft <= ruleSet.rerolls; rerollsLeft += 1) {
          const keeps = rankKeeps(ruleSet, mask, roll, rerollsLeft);
          const distinct = new Set<string>();
          for (let bits = 0; bits < 8; bits += 1) {
            distinct.add(
              roll
                .filter((_, i) => (bits >> i) & 1)
                .sort()
                .join(','),
            );
          }
          expect(keeps.length).toBe(rerollsLeft === 0 ? 1 : distinct.size);
          expect(new Set(keeps.map((k) => k.label)).size).toBe(keeps.length);
          for (const keep of keeps) {
            const kept = roll.filter((_, i) => keep.keep[i]).sort((a, b) => b - a);
            expect(keep.kept).toEqual(kept);
            expect(keep.stands).toBe(kept.length === 3);
            expect(keep.label).toBe(keep.stands ? 'all' : kept.length === 0 ? 'nothing' : kept.join('-'));
          }
          for (let i = 1; i < keeps.length; i += 1) {
            expect(keeps[i - 1]!.expected).toBeGreaterThanOrEqual(keeps[i]!.expected - 1e-9);
          }
          const all = keeps.find((keep) => keep.stands);
          expect(all?.expected).toBeCloseTo(rankRows(ruleSet, mask, roll)[0]!.expected, 9);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('value a keep as the average, over every reroll, of the best play afterwards', () => {
    fc.assert(
      fc.property(rules, used, dice, (ruleSet, mask, roll) => {
        const rerollsLeft = ruleSet.rerolls;
        for (const option of rankKeeps(ruleSet, mask, roll, rerollsLeft)) {
          if (option.stands) continue;
          const free = [0, 1, 2].filter((i) => !option.keep[i]);
          const outcomes = faces(free.length);
          let sum = 0;
          for (const fill of outcomes) {
            const next = [...roll] as Die[];
            free.forEach((position, i) => {
              next[position] = fill[i]!;
            });
            sum += positionValue(ruleSet, mask, next as unknown as Dice, rerollsLeft - 1);
          }
          expect(option.expected).toBeCloseTo(sum / outcomes.length, 9);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('value a row as its points plus what the rows left are worth', () => {
    fc.assert(
      fc.property(rules, used, dice, (ruleSet, mask, roll) => {
        const rows = rankRows(ruleSet, mask, roll);
        const open = CATEGORY_IDS.filter((_, i) => !(mask & (1 << i)));
        expect(rows.map((row) => row.category).sort()).toEqual([...open].sort());
        for (const row of rows) {
          expect(row.points).toBe(scoreRoll(roll, row.category, ruleSet));
          const after = mask | (1 << CATEGORY_IDS.indexOf(row.category));
          expect(row.expected).toBeCloseTo(row.points + expectedRemaining(ruleSet, after), 9);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('make expectedRemaining the average over the opening roll of the best play', () => {
    fc.assert(
      fc.property(rules, used, (ruleSet, mask) => {
        let sum = 0;
        for (const roll of faces(3)) sum += positionValue(ruleSet, mask, roll as unknown as Dice, ruleSet.rerolls);
        expect(expectedRemaining(ruleSet, mask)).toBeCloseTo(sum / 216, 9);
      }),
      { numRuns: 15 },
    );
  });

  it('never lose value with an extra open row, and end at 0', () => {
    fc.assert(
      fc.property(rules, used, fc.integer({ min: 0, max: 12 }), (ruleSet, mask, row) => {
        const withRow = mask & ~(1 << row);
        expect(expectedRemaining(ruleSet, withRow)).toBeGreaterThanOrEqual(
          expectedRemaining(ruleSet, withRow | (1 << row)) - 1e-9,
        );
      }),
    );
    for (const ruleSet of ALL_RULE_SETS) {
      expect(expectedRemaining(ruleSet, [...CATEGORY_IDS])).toBe(0);
      expect(optimalExpectedTotal(ruleSet)).toBe(expectedRemaining(ruleSet, []));
    }
  });

  it('take used rows as ids or as a bit set alike', () => {
    fc.assert(
      fc.property(rules, fc.subarray([...CATEGORY_IDS], { maxLength: 12 }), dice, (ruleSet, ids, roll) => {
        const mask = ids.reduce((bits, id) => bits | (1 << CATEGORY_IDS.indexOf(id)), 0);
        expect(expectedRemaining(ruleSet, ids)).toBe(expectedRemaining(ruleSet, mask));
        expect(rankKeeps(ruleSet, ids, roll, 1)).toEqual(rankKeeps(ruleSet, mask, roll, 1));
        expect(rankRows(ruleSet, ids, roll)).toEqual(rankRows(ruleSet, mask, roll));
      }),
      { numRuns: 50 },
    );
  });

  it('advise the top keep while rerolls remain, else the top row', () => {
    fc.assert(
      fc.property(rules, used, dice, (ruleSet, mask, roll) => {
        for (let rerollsLeft = 0; rerollsLeft <= ruleSet.rerolls; rerollsLeft += 1) {
          const action = bestAction(ruleSet, mask, roll, rerollsLeft)!;
          const topKeep = rankKeeps(ruleSet, mask, roll, rerollsLeft)[0]!;
          const topRow = rankRows(ruleSet, mask, roll)[0]!;
          if (action.type === 'keep') {
            expect(rerollsLeft).toBeGreaterThan(0);
            expect(action.label).toBe(topKeep.label);
            expect(action.expected).toBeGreaterThan(topRow.expected);
          } else {
            expect(action.expected).toBeCloseTo(topRow.expected, 9);
            expect(action.category).toBe(topRow.category);
            expect(topKeep.expected).toBeCloseTo(topRow.expected, 9);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('answer a position with no open row with nothing', () => {
    const all: CategoryId[] = [...CATEGORY_IDS];
    expect(rankKeeps(DEFAULT_RULES, all, [1, 2, 3], 1)).toEqual([]);
    expect(rankRows(DEFAULT_RULES, all, [1, 2, 3])).toEqual([]);
    expect(bestAction(DEFAULT_RULES, all, [1, 2, 3], 1)).toBeNull();
  });

  it('refuse input that is not a position, as a programming error', () => {
    expect(() => rankKeeps(DEFAULT_RULES, [], [1, 2, 3], 2)).toThrow(RangeError);
    expect(() => rankKeeps(DEFAULT_RULES, [], [1, 2, 3], -1)).toThrow(RangeError);
    expect(() => rankKeeps(DEFAULT_RULES, [], [0, 2, 7] as unknown as Dice, 1)).toThrow(RangeError);
    expect(() => expectedRemaining(DEFAULT_RULES, 1 << 13)).toThrow(RangeError);
  });

  it('know the textbook plays', () => {
    // A Crag on the opening roll is banked, not rerolled.
    const crag = bestAction(DEFAULT_RULES, [], [6, 1, 6], 1);
    expect(crag).toMatchObject({ type: 'row', category: 'crag', points: 50 });
    // With only Sixes open, keep the sixes and reroll the rest.
    const sixesOnly = CATEGORY_IDS.filter((id) => id !== 'sixes');
    expect(bestAction(DEFAULT_RULES, sixesOnly, [6, 2, 6], 1)).toMatchObject({ type: 'keep', label: '6-6' });
    // The same dice with no reroll left go in Sixes for 12.
    expect(bestAction(DEFAULT_RULES, sixesOnly, [6, 2, 6], 0)).toMatchObject({ type: 'row', points: 12 });
  });
});
