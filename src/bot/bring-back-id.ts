/**
 * The "Bring the game back" button of a waiting board (docs/anywhere.md): `crag-back:1:<game id>`.
 * It names no state version: whatever the game became meanwhile, a press on it draws the game as it
 * is, with the press's fresh token. The game feature (commands/game/) handles it; the board's
 * renderer, here, draws it.
 */
export const BRING_BACK_PREFIX = 'crag-back';

const ID = /^crag-back:1:([1-9]\d{0,15})$/;

export function encodeBringBackId(gameId: number): string {
  return `${BRING_BACK_PREFIX}:1:${gameId}`;
}

/** Reads the button's custom_id; anything else (another control, a forgery, a retired version) is undefined. */
export function decodeBringBackId(customId: string): { readonly gameId: number } | undefined {
  const match = ID.exec(customId);
  const gameId = Number(match?.[1]);
  return match && Number.isSafeInteger(gameId) ? { gameId } : undefined;
}
