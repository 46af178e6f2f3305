import { describe, expect, it } from 'vitest';
import { ALL_RULE_SETS, CATEGORY_IDS, type CategoryId, type Die, type Rules, scoreRoll } from '../../src/game/index.js';
import { remainingDistribution } from '../../src/strategy/distribution.js';
import { EndgamePlan } from '../../src/strategy/endgame.js';
import { solverFor } from '../../src/strategy/index.js';
import { chanceAllAtMost } from '../../src/strategy/strong.js';

const ROLLS: Die[][][] = [0, 1, 2, 3].map(function rolls(count: number): Die[][] {
  if (count === 0) return [[]];
  return ([1, 2, 3, 4, 5, 6] as Die[]).flatMap((face) => rolls(count - 1).map((rest) => [face, ...rest]));
});

/**
 * Independent reference: the best expected value of `final(points gained)` over the open rows, by
 * plain expectimax over ordered dice and position subsets.
 */
function bruteForce(rules: Rules, open: readonly CategoryId[], final: (gained: number) => number): number {
  const memo = new Map<number, number>();
  const game = (rows: readonly CategoryId[], gained: number): number => {
    if (rows.length === 0) return final(gained);
    let sum = 0;
    for (const dice of ROLLS[3]!) sum += position(rows, gained, dice, rules.rerolls);
    return sum / 216;
  };
  const position = (rows: readonly CategoryId[], gained: number, dice: Die[], rerollsLeft: number): number => {
    const rowBits = rows.reduce((bits, row) => bits | (1 << CATEGORY_IDS.indexOf(row)), 0);
    const key = (((rowBits * 256 + gained) * 6 + dice[0]!) * 36 + dice[1]! * 6 + dice[2]!) * 3 + rerollsLeft;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Number.NEGATIVE_INFINITY;
    for (const row of rows) {
      const rest = rows.filter((other) => other !== row);
      best = Math.max(best, game(rest, gained + scoreRoll(dice, row, rules)));
    }
    for (let bits = 0; rerollsLeft > 0 && bits < 7; bits += 1) {
      const free = [0, 1, 2].filter((i) => !(bits & (1 << i)));
      let sum = 0;
      for (const fill of ROLLS[free.length]!) {
        const next = [...dice];
        free.forEach((position, i) => {
          next[position] = fill[i]!;
        });
        sum += position(rows, gained, next, rerollsLeft - 1);
      }
      best = Math.max(best, sum / ROLLS[free.length]!.length);
    }
    memo.set(key, best);
    return best;
  };
  return game(open, 0);
}

function maskWithOpen(open: readonly CategoryId[]): number {
  return CATEGORY_IDS.reduce((mask, id, row) => (open.includes(id) ? mask : mask | (1 << row)), 0);
}

describe('the endgame planner', () => {
  for (const rules of ALL_RULE_SETS) {
    it(`finds the exact best chance to reach a target (${rules.rerolls} reroll(s), Thirteen ${rules.thirteen})`, () => {
      const solver = solverFor(rules);
      for (const [open, total, target] of [
        [['crag'], 100, 150],
        [['sixes'], 100, 112],
        [['crag', 'thirteen'], 120, 146],
        [['sixes', 'three-of-a-kind'], 100, 124],
        [['fives', 'high-straight'], 90, 115],
      ] as const) {
        // One rival, already finished on `target` − 1: the player needs `target` to win.
        const beaten = new Float64Array(target).fill(0);
        const plan = new EndgamePlan(solver, maskWithOpen(open), total, beaten, 0);
        const reference = bruteForce(rules, open, (gained) => (total + gained >= target ? 1 : 0));
        expect(plan.openingValue()).toBeCloseTo(reference, 9);
      }
    });
  }

  it('finds the exact best chance against a rival still playing', () => {
    const rules = ALL_RULE_SETS[0]!;
    const solver = solverFor(rules);
    const open: CategoryId[] = ['crag', 'sixes'];
    const rival = { mask: maskWithOpen(['ones']), total: 140 };
    const beaten = chanceAllAtMost(solver, [rival]);
    const plan = new EndgamePlan(solver, maskWithOpen(open), 110, beaten, 0);
    const reference = bruteForce(rules, open, (gained) => beaten[110 + gained] ?? 1);
    expect(plan.openingValue()).toBeCloseTo(reference, 9);
  });
});

describe('the distribution of the points still to come', () => {
  it('sums to one and has the solver’s expectation as its mean', () => {
    for (const rules of ALL_RULE_SETS) {
      const solver = solverFor(rules);
      for (const open of [['crag'], ['ones', 'twos', 'crag'], ['thirteen', 'odd-straight', 'sixes', 'fours', 'ones']]) {
        const mask = maskWithOpen(open as CategoryId[]);
        const distribution = remainingDistribution(solver, mask);
        const total = distribution.reduce((sum, p) => sum + p, 0);
        const mean = distribution.reduce((sum, p, points) => sum + p * points, 0);
        expect(total).toBeCloseTo(1, 12);
        expect(mean).toBeCloseTo(solver.expectedRemaining(mask), 9);
        for (const p of distribution) expect(p).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('gives the chance of a Crag when only the Crag row is left', () => {
    for (const rules of ALL_RULE_SETS) {
      const distribution = remainingDistribution(solverFor(rules), maskWithOpen(['crag']));
      const chance = bruteForce(rules, ['crag'], (gained) => (gained === 50 ? 1 : 0));
      expect(distribution[50]).toBeCloseTo(chance, 12);
      expect(distribution[0]).toBeCloseTo(1 - chance, 12);
      expect(distribution.length).toBe(51);
    }
  });
});
