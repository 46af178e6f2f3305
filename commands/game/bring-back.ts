import type { BotContext } from '../../src/bot/context.js';
import type { PlaceComponent } from '../../src/bot/feature.js';
import { applyHeldTimeOut } from '../../src/bot/held-time-out.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { placeOf } from '../../src/bot/place.js';
import { engineRefusal, GAME_GONE, MOVED_ON } from '../../src/bot/refusals.js';
import { seatedAt, showBoard } from './show-board.js';

/**
 * "Bring the game back" on a board that waits for a press where the bot is not a member
 * (docs/anywhere.md): anyone seated at the table may press it. A time-out held while the board
 * waited is applied first, through GameFlow; then the press's own update (type 7) draws the game as
 * it is, and its fresh token becomes the game's, so the computers' moves and the next time-outs are
 * drawn through it.
 */
export async function bringBack(
  ctx: BotContext,
  interaction: PlaceComponent,
  id: { gameId: number },
): Promise<Outcome> {
  const game = await ctx.store.gameById(id.gameId);
  if (!game) return GAME_GONE;
  if (game.channelId !== interaction.channelId || game.guildId !== placeOf(interaction)) {
    return refused('refusal.other-channel');
  }
  if (!seatedAt(game, interaction.user.id)) return engineRefusal('not-in-game');
  // A board that another message replaced since (Play again) is not this game's way back.
  if (game.boardMessageId !== null && game.boardMessageId !== interaction.message.id) return MOVED_ON;
  await applyHeldTimeOut(ctx, game);
  await showBoard(ctx, interaction, game.id);
  return undefined;
}
