import { channelWide } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import type { PlaceComponent } from '../../src/bot/feature.js';
import { asEdit, gameMessage } from '../../src/bot/game-message.js';
import { webhookTokenOf } from '../../src/bot/install-place.js';
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
  await keepToken(ctx, interaction, gameId);
  await ctx.boards.adopt(game, interaction.message.id, game.state.version);
}

/**
 * Where the bot is not a member, a click on the board brings the game a fresh token (its 15 minutes
 * and five follow-ups start now): kept once the click is answered, so that nothing edits through it
 * before Discord knows the interaction was acknowledged.
 */
export async function keepToken(ctx: BotContext, interaction: PlaceComponent, gameId: number): Promise<void> {
  const token = webhookTokenOf(interaction);
  if (token) await ctx.boards.tokenFrom(gameId, token);
}

/** Whether `userId` holds a seat at the game's table (and has not left it). */
export function seatedAt(game: { state: { seats: readonly { playerId: string; left: boolean }[] } }, userId: string) {
  return game.state.seats.some((seat) => seat.playerId === userId && !seat.left);
}
