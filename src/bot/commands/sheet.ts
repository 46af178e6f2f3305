import { seatOf } from '../../game/index.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { renderSheet } from '../render/index.js';
import { replyPrivately } from '../replies.js';
import type { GuildCommand } from './index.js';

export async function sheetCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = await ctx.store.latestGameInChannel(interaction.channelId);
  if (!game) return refused('No game has been played in this channel yet.');
  const playerId = interaction.options.getUser('player')?.id ?? interaction.user.id;
  if (!seatOf(game.state, playerId)) {
    return refused(
      playerId === interaction.user.id
        ? 'You are not in the latest game here.'
        : 'That player is not in the latest game here.',
    );
  }
  await replyPrivately(interaction, renderSheet(game.state, playerId));
  return undefined;
}
