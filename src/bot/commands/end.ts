import { END_GAME_PERMISSION } from '../../../commands/index.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { perform } from '../perform.js';
import type { GuildCommand } from './index.js';

/** The host, or a member who may manage messages, ends the game; it counts for nobody. */
export async function endCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = ctx.store.activeGameInChannel(interaction.channelId);
  if (!game) return refused('No game is open in this channel.');
  const moderator = interaction.memberPermissions?.has(END_GAME_PERMISSION) ?? false;
  const performed = perform(ctx, game, { type: 'cancel', playerId: interaction.user.id, moderator });
  if (!performed.ok) {
    return refused(
      performed.code === 'not-host'
        ? 'Only the host, or a member with Manage Messages, can end the game.'
        : performed.refusal,
    );
  }
  await interaction.reply({
    content: `<@${interaction.user.id}> ended the game. It counts for nobody.`,
    allowedMentions: { parse: [] },
  });
  await ctx.boards.refresh(game.id);
  return undefined;
}
