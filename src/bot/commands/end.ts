import { END_GAME_PERMISSION } from '../../../commands/index.js';
import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import type { GuildCommand } from './index.js';

/** The host, or a member who may manage messages, ends the game; it counts for nobody. */
export async function endCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const active = await ctx.store.activeGameInChannel(interaction.channelId);
  if (!active) return refused('refusal.no-game');
  const moderator = interaction.memberPermissions?.has(END_GAME_PERMISSION) ?? false;
  const changed = await ctx.flow.change(active.id, (game) =>
    game.state.hostId === interaction.user.id || moderator
      ? { type: 'cancel', playerId: interaction.user.id, moderator }
      : refused('refusal.end-not-allowed'),
  );
  if (!changed.ok) return changed;
  await interaction.reply({
    content: channelWide(ctx.languages, interaction).t('end.announcement', { player: `<@${interaction.user.id}>` }),
    allowedMentions: { parse: [] },
  });
  await ctx.boards.refresh(active.id);
  return undefined;
}
