/**
 * The confirmation button of `/crag-settings reset`: `crag-settings:2:reset:<user id>:<minted at>`.
 * Versioned, naming who asked, so only they confirm (the message is theirs alone anyway), and when
 * it was drawn (ms since the epoch, by Discord's clock: the asking command's snowflake), so an old
 * confirmation lying in someone's client expires. Version 1 (`crag-settings:1:reset:<user id>`)
 * carried no time: such a button is read, and refused as expired.
 */
const RESET = /^crag-settings:2:reset:(\d{17,20}):(\d{1,15})$/;
const RESET_V1 = /^crag-settings:1:reset:\d{17,20}$/;

/** How long a confirmation can be pressed after it was drawn. */
export const RESET_CONFIRMATION_MS = 5 * 60 * 1000;

export type ResetId =
  | { readonly kind: 'current'; readonly userId: string; readonly mintedAt: number }
  /** A button drawn before confirmations expired: there is no telling how old it is. */
  | { readonly kind: 'outdated' };

export function encodeResetId(userId: string, mintedAt: number): string {
  return `crag-settings:2:reset:${userId}:${Math.trunc(mintedAt)}`;
}

/** The reset confirmation a custom_id stands for, or undefined for any other custom_id. */
export function decodeResetId(customId: string): ResetId | undefined {
  const current = RESET.exec(customId);
  if (current?.[1] !== undefined && current[2] !== undefined) {
    return { kind: 'current', userId: current[1], mintedAt: Number(current[2]) };
  }
  return RESET_V1.test(customId) ? { kind: 'outdated' } : undefined;
}

/**
 * Whether a confirmation drawn at `mintedAt` may still be pressed at `pressedAt` (both by Discord's
 * clock). A press dated before its own drawing is not a press of this button: refused too.
 */
export function isResetConfirmationFresh(mintedAt: number, pressedAt: number): boolean {
  const age = pressedAt - mintedAt;
  return age >= 0 && age <= RESET_CONFIRMATION_MS;
}
