import { type MessageKey, type MessageParams, message, type Translatable } from '../i18n/index.js';

/**
 * Why something was not done, as a message code and its parameters; the router puts it into words
 * in the language of the person who asked, and tells them privately.
 */
export interface Refusal {
  readonly refusal: Translatable;
}

/**
 * What a handler hands back to the router: nothing when it answered the interaction itself, or a
 * refusal that the router turns into an ephemeral reply. Refusals are values, not exceptions.
 */
export type Outcome = undefined | Refusal;

export function refused(key: MessageKey, params?: MessageParams): Refusal {
  return { refusal: message(key, params) };
}
