import { describe, expect, it } from 'vitest';
import { ALL_RULE_SETS, DEFAULT_RULES, describeRules, seededRandom } from '../../src/game/index.js';
import { optimalExpectedTotal } from '../../src/strategy/index.js';
import { finalTotals, mean, playGame, standardError } from './simulate.js';

function solitaireTotals(rules: (typeof ALL_RULE_SETS)[number], level: 'optimal' | 'easy', games: number, seed: number) {
  const random = seededRandom(seed);
  return Array.from({ length: games }, () => finalTotals(playGame(rules, [level], random))[0]!);
}

describe('the solver against play through the real engine', () => {
  it('prints the optimal expected totals of the four rule sets', () => {
    for (const rules of ALL_RULE_SETS) {
      console.log(`optimal expected total, ${describeRules(rules)}: ${optimalExpectedTotal(rules).toFixed(3)}`);
    }
    const [oneAny, onePair, twoAny, twoPair] = ALL_RULE_SETS.map(optimalExpectedTotal) as [
      number,
      number,
      number,
      number,
    ];
    // A second reroll is worth a lot; restricting Thirteen to no pair can only cost.
    expect(twoAny).toBeGreaterThan(oneAny + 20);
    expect(twoPair).toBeGreaterThan(onePair + 20);
    expect(onePair).toBeLessThan(oneAny);
    expect(twoPair).toBeLessThan(twoAny);
  });

  it('scores what it promises: 20,000 games of its own policy average its expected total', () => {
    const totals = solitaireTotals(DEFAULT_RULES, 'optimal', 20_000, 20_260);
    const promised = optimalExpectedTotal(DEFAULT_RULES);
    const error = standardError(totals);
    console.log(`${describeRules(DEFAULT_RULES)}: simulated ${mean(totals).toFixed(2)} ± ${error.toFixed(2)}, solver ${promised.toFixed(2)}`);
    expect(Math.abs(mean(totals) - promised)).toBeLessThan(4 * error);
  });

  it('scores what it promises under the other rule sets too (5,000 games each)', () => {
    for (const [index, rules] of ALL_RULE_SETS.entries()) {
      if (rules === DEFAULT_RULES || describeRules(rules) === describeRules(DEFAULT_RULES)) continue;
      const totals = solitaireTotals(rules, 'optimal', 5_000, 7 + index);
      const error = standardError(totals);
      const promised = optimalExpectedTotal(rules);
      console.log(`${describeRules(rules)}: simulated ${mean(totals).toFixed(2)} ± ${error.toFixed(2)}, solver ${promised.toFixed(2)}`);
      expect(Math.abs(mean(totals) - promised)).toBeLessThan(4 * error);
    }
  });

  it('beats the easy player on average, by a wide margin', () => {
    for (const rules of ALL_RULE_SETS) {
      const easy = solitaireTotals(rules, 'easy', 2_000, 99);
      const optimal = optimalExpectedTotal(rules);
      console.log(`${describeRules(rules)}: easy averages ${mean(easy).toFixed(1)} against ${optimal.toFixed(1)}`);
      expect(mean(easy) + 4 * standardError(easy)).toBeLessThan(optimal);
    }
  });
});
