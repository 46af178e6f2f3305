import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { renderGame } from '../render/index.js';
import { gameView } from '../view.js';
import type { GuildCommand } from './index.js';

/** Posts the board again at the bottom of the channel; the old message loses its controls. */
export async function boardCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  if (!game) return refused('refusal.no-game-to-post');
  const board = renderGame(await gameView(ctx.store, game), channelWide(ctx.languages, interaction));
  const response = await interaction.reply({ ...board, withResponse: true });
  const messageId = response.resource?.message?.id;
  if (!messageId) return undefined;
  await ctx.store.setBoardMessage(game.id, messageId);
  await ctx.boards.posted(game.id, game.state.version);
  if (game.boardMessageId && game.boardMessageId !== messageId) {
    await ctx.boards.retire(game.channelId, game.boardMessageId);
  }
  return undefined;
}
