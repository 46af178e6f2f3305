import { type CategoryId, type ComputerLevel, MAX_POINTS, type Rules, type ThirteenRule } from '../game/index.js';
import type { MessageKey } from './keys.js';
import type { Translator } from './translator.js';

/** Each row's name. Typed maps rather than keys built from ids, so every key in use is written out. */
export const ROW_NAME: Readonly<Record<CategoryId, MessageKey>> = {
  crag: 'row.crag.name',
  thirteen: 'row.thirteen.name',
  'three-of-a-kind': 'row.three-of-a-kind.name',
  'low-straight': 'row.low-straight.name',
  'high-straight': 'row.high-straight.name',
  'odd-straight': 'row.odd-straight.name',
  'even-straight': 'row.even-straight.name',
  sixes: 'row.sixes.name',
  fives: 'row.fives.name',
  fours: 'row.fours.name',
  threes: 'row.threes.name',
  twos: 'row.twos.name',
  ones: 'row.ones.name',
};

/** What the dice must show for each row, and what it scores (`{points}`: the engine's number). */
const ROW_DESCRIPTION: Readonly<Record<CategoryId, MessageKey>> = {
  crag: 'row.crag.description',
  thirteen: 'row.thirteen.description',
  'three-of-a-kind': 'row.three-of-a-kind.description',
  'low-straight': 'row.low-straight.description',
  'high-straight': 'row.high-straight.description',
  'odd-straight': 'row.odd-straight.description',
  'even-straight': 'row.even-straight.description',
  sixes: 'row.sixes.description',
  fives: 'row.fives.description',
  fours: 'row.fours.description',
  threes: 'row.threes.description',
  twos: 'row.twos.description',
  ones: 'row.ones.description',
};

/** A row's description in words, with the points the engine gives it. */
export function describeRow(id: CategoryId, tr: Translator): string {
  return tr.t(ROW_DESCRIPTION[id], { points: MAX_POINTS[id] });
}

/** How a computer seat is named, with its number: "🤖 Optimal 1". */
export const COMPUTER_NAME: Readonly<Record<ComputerLevel, MessageKey>> = {
  easy: 'computer.easy',
  optimal: 'computer.optimal',
  strong: 'computer.strong',
};

/** The reroll variant in words: "one reroll". */
export const REROLL_VARIANT: Readonly<Record<Rules['rerolls'], MessageKey>> = {
  1: 'variant.one-reroll',
  2: 'variant.two-rerolls',
};

const THIRTEEN: Readonly<Record<ThirteenRule, MessageKey>> = {
  any: 'variant.thirteen-any',
  'no-pair': 'variant.thirteen-no-pair',
};

/** The Thirteen variant explained, for the rules card. */
const THIRTEEN_EXPLAINED: Readonly<Record<ThirteenRule, MessageKey>> = {
  any: 'rules.thirteen-any',
  'no-pair': 'rules.thirteen-no-pair',
};

/** The rules card's sentence on the Thirteen variant, with Thirteen's points. */
export function explainThirteen(rule: ThirteenRule, tr: Translator): string {
  return tr.t(THIRTEEN_EXPLAINED[rule], { points: MAX_POINTS.thirteen });
}

/** The variant in one line, for footers: "one reroll · Thirteen: any total of 13". */
export function describeRules(rules: Rules, tr: Translator): string {
  return tr.t('variant.summary', {
    rerolls: tr.t(REROLL_VARIANT[rules.rerolls]),
    thirteen: tr.t(THIRTEEN[rules.thirteen]),
  });
}
