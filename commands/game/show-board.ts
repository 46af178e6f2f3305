import { channelWide } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import type { PlaceComponent } from '../../src/bot/feature.js';
import { asEdit, gameMessage } from '../../src/bot/game-message.js';
import { keepToken } from '../../src/bot/kept-token.js';
import { updateClicked } from '../../src/bot/replies.js';

/**
 * Draws the game as stored on the clicked message, which becomes (or stays) its board: a lost board
 * brought back by a click, a waiting board brought back by a press (see bring-back.ts).
 */
export async function showBoard(ctx: BotContext, interaction: PlaceComponent, gameId: number): Promise<void> {
  const game = await ctx.store.gameById(gameId);
  if (!game) return;
  const board = asEdit(await gameMessage(ctx, game, channelWide(ctx.languages, interaction), ctx.dice.faces));
  await ctx.boards.respond(gameId, () => updateClicked(interaction, board));
  await keepToken(ctx.boards, interaction, gameId);
  await ctx.boards.adopt(game, interaction.message.id, game.state.version);
}

/** Whether `userId` holds a seat at the game's table (and has not left it). */
export function seatedAt(game: { state: { seats: readonly { playerId: string; left: boolean }[] } }, userId: string) {
  return game.state.seats.some((seat) => seat.playerId === userId && !seat.left);
}
