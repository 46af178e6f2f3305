import { END_GAME_PERMISSION } from '../../../commands/index.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import type { GuildCommand } from './index.js';

/** The host, or a member who may manage messages, ends the game; it counts for nobody. */
export async function endCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const active = await ctx.store.activeGameInChannel(interaction.channelId);
  if (!active) return refused('No game is open in this channel.');
  const moderator = interaction.memberPermissions?.has(END_GAME_PERMISSION) ?? false;
  const changed = await ctx.flow.change(active.id, (game) =>
    game.state.hostId === interaction.user.id || moderator
      ? { type: 'cancel', playerId: interaction.user.id, moderator }
      : refused('Only the host, or a member with Manage Messages, can end the game.'),
  );
  if (!changed.ok) return changed;
  await interaction.reply({
    content: `<@${interaction.user.id}> ended the game. It counts for nobody.`,
    allowedMentions: { parse: [] },
  });
  await ctx.boards.refresh(active.id);
  return undefined;
}
