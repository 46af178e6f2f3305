import { REROLL_RULES, type RerollRule, THIRTEEN_RULES, type ThirteenRule } from '../src/game/index.js';
import type { MessageKey } from '../src/i18n/index.js';
import type { Choice } from './define.js';

/**
 * Choices from one of the engine's lists, each named by `names`: a value added to the list fails
 * to compile until it is named here, and the handlers' types grow with it.
 */
export function choicesOf<Value extends number | string>(
  values: readonly Value[],
  names: Readonly<Record<Value, MessageKey>>,
): readonly Choice<Value>[] {
  return values.map((value) => ({ value, name: names[value] }));
}

/** The Thirteen variants, named alike wherever a command offers them. */
export const THIRTEEN_CHOICES: readonly Choice<ThirteenRule>[] = choicesOf(THIRTEEN_RULES, {
  any: 'command.start.thirteen.any',
  'no-pair': 'command.start.thirteen.no-pair',
});

/** The reroll variants, each named by `names`. */
export function rerollChoices(names: Readonly<Record<RerollRule, MessageKey>>): readonly Choice<RerollRule>[] {
  return choicesOf(REROLL_RULES, names);
}
