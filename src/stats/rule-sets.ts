import { isRules, type Rules } from '../game/index.js';

/**
 * A rule set as statistics key it: `1-any`, `1-no-pair`, `2-any`, `2-no-pair`. Every figure is kept
 * per rule set, because a second reroll adds about 35 points to a game and the no-pair Thirteen
 * takes about 2: totals of different rule sets are never added up or ranked together.
 */
export type RuleSetKey = `${Rules['rerolls']}-${Rules['thirteen']}`;

/** Every rule set, in the order figures are shown. */
export const RULE_SET_KEYS = ['1-any', '1-no-pair', '2-any', '2-no-pair'] as const satisfies readonly RuleSetKey[];

export function ruleSetKey(rules: Rules): RuleSetKey {
  return `${rules.rerolls}-${rules.thirteen}`;
}

/** The rules a key stands for; undefined for anything ruleSetKey does not write. */
export function rulesOfKey(key: string): Rules | undefined {
  const match = /^([12])-(any|no-pair)$/.exec(key);
  const rules = match ? { rerolls: Number(match[1]), thirteen: match[2] } : undefined;
  return isRules(rules) ? rules : undefined;
}
