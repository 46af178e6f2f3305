/**
 * What a handler hands back to the router: nothing when it answered the interaction itself, or a
 * refusal that the router turns into an ephemeral reply. Refusals are values, not exceptions.
 */
export type Outcome = undefined | { readonly refusal: string };

export function refused(message: string): Outcome {
  return { refusal: message };
}
