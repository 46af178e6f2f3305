/** Why something was not done, as the person who asked is told it (privately). */
export interface Refusal {
  readonly refusal: string;
}

/**
 * What a handler hands back to the router: nothing when it answered the interaction itself, or a
 * refusal that the router turns into an ephemeral reply. Refusals are values, not exceptions.
 */
export type Outcome = undefined | Refusal;

export function refused(message: string): Refusal {
  return { refusal: message };
}
