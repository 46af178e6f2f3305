import { describe, expect, it } from 'vitest';
import {
  ALL_RULE_SETS,
  CATEGORY_IDS,
  DEFAULT_RULES,
  type Dice,
  type RandomInt,
  type Rules,
  rerollDice,
  rollDice,
  scoreRoll,
  seededRandom,
} from '../../src/game/index.js';
import { describeRules } from '../../src/i18n/game-terms.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { bestAction, optimalExpectedTotal } from '../../src/strategy/index.js';
import { finalTotals, mean, playGame, standardError } from './simulate.js';

/** The rule set in words, for test names and the printed figures. */
const english = loadLanguages().english;
const variant = (rules: Rules) => describeRules(rules, english);

/** A bare solitaire game following the solver's advice; points come from the rules, not the solver. */
function directGame(rules: Rules, random: RandomInt): number {
  let used = 0;
  let total = 0;
  for (let turn = 0; turn < CATEGORY_IDS.length; turn += 1) {
    let dice: Dice = rollDice(random);
    for (let rerollsLeft = rules.rerolls; ; rerollsLeft -= 1) {
      const action = bestAction(rules, used, dice, rerollsLeft);
      if (!action) throw new Error('no open row before the end of the game');
      if (action.type === 'keep') {
        dice = rerollDice(dice, action.keep, random);
        continue;
      }
      total += scoreRoll(dice, action.category, rules);
      used |= 1 << CATEGORY_IDS.indexOf(action.category);
      break;
    }
  }
  return total;
}

describe('the solver against play', () => {
  it('prints the optimal expected totals of the four rule sets', () => {
    for (const rules of ALL_RULE_SETS) {
      console.log(`optimal expected total, ${variant(rules)}: ${optimalExpectedTotal(rules).toFixed(3)}`);
    }
    const [oneAny, onePair, twoAny, twoPair] = ALL_RULE_SETS.map(optimalExpectedTotal) as [
      number,
      number,
      number,
      number,
    ];
    // A second reroll is worth a lot; Thirteen without a pair can only cost.
    expect(twoAny).toBeGreaterThan(oneAny + 20);
    expect(twoPair).toBeGreaterThan(onePair + 20);
    expect(onePair).toBeLessThan(oneAny);
    expect(twoPair).toBeLessThan(twoAny);
  });

  for (const [index, rules] of ALL_RULE_SETS.entries()) {
    // 20,000 games of the default rules, 10,000 of each variant.
    const games = index === 0 ? 20_000 : 10_000;
    it(`scores what it promises: ${games} games of its own policy average its expected total, ${variant(rules)}`, () => {
      const random = seededRandom(2026 + index);
      const totals = Array.from({ length: games }, () => directGame(rules, random));
      const promised = optimalExpectedTotal(rules);
      const error = standardError(totals);
      console.log(
        `${variant(rules)}: ${games} games average ${mean(totals).toFixed(2)} ± ${error.toFixed(2)}, solver ${promised.toFixed(2)}`,
      );
      expect(Math.abs(mean(totals) - promised)).toBeLessThan(4 * error);
    }, 120_000);
  }

  it('keeps its promise through the real engine and the computer player', () => {
    const random = seededRandom(7);
    const totals = Array.from({ length: 3_000 }, () => finalTotals(playGame(DEFAULT_RULES, ['optimal'], random))[0]!);
    expect(Math.abs(mean(totals) - optimalExpectedTotal(DEFAULT_RULES))).toBeLessThan(4 * standardError(totals));
  });

  it('beats the easy player on average, by a wide margin', () => {
    for (const rules of ALL_RULE_SETS) {
      const random = seededRandom(99);
      const easy = Array.from({ length: 1_000 }, () => finalTotals(playGame(rules, ['easy'], random))[0]!);
      const optimal = optimalExpectedTotal(rules);
      console.log(`${variant(rules)}: easy averages ${mean(easy).toFixed(1)} against ${optimal.toFixed(1)}`);
      expect(mean(easy) + 4 * standardError(easy)).toBeLessThan(optimal);
    }
  });
});
