import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { perform } from '../perform.js';
import { replyPrivately } from '../replies.js';
import type { GuildCommand } from './index.js';

export async function leaveCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = ctx.store.activeGameInChannel(interaction.channelId);
  if (!game) return refused('No game is open in this channel.');
  const performed = perform(ctx, game, { type: 'leave', playerId: interaction.user.id });
  if (!performed.ok) return refused(performed.refusal);
  const playing = game.state.status === 'playing';
  await replyPrivately(interaction, playing ? 'You left the game; your open rows score 0.' : 'You left the lobby.');
  await ctx.boards.refresh(game.id);
  return undefined;
}
