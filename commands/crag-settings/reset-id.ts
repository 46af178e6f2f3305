/**
 * The confirmation button of `/crag-settings reset`: `crag-settings:1:reset:<user id>`. Versioned,
 * and naming who asked, so only they confirm (the message is theirs alone anyway).
 */
const RESET = /^crag-settings:1:reset:(\d{17,20})$/;

export function encodeResetId(userId: string): string {
  return `crag-settings:1:reset:${userId}`;
}

/** The user who asked for the reset, or undefined for any other custom_id. */
export function decodeResetId(customId: string): string | undefined {
  return RESET.exec(customId)?.[1];
}
