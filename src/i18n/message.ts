import type { MessageKey } from './keys.js';

/**
 * A value to put into a message. Numbers are formatted for the reader's locale; a nested message is
 * translated into the same language; a list of messages is joined as the language joins lists
 * ("A, B and C", «A, B и C»). Identifiers that must not be formatted (game ids) are passed as strings.
 */
export type MessageParam = string | number | Translatable | readonly Translatable[];

/** Named values for a message's `{placeholders}`; `count` also chooses a plural form. */
export type MessageParams = Readonly<Record<string, MessageParam>>;

/**
 * Something to tell a person, as a code and its context (in the spirit of sapphire's UserError):
 * language-free until it is rendered for its reader.
 */
export interface Translatable {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

export function message(key: MessageKey, params?: MessageParams): Translatable {
  return params ? { key, params } : { key };
}
