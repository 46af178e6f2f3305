import { personal } from '../audience.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { replyPrivately } from '../replies.js';
import type { GuildCommand } from './index.js';

export async function leaveCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const active = await ctx.store.activeGameInChannel(interaction.channelId);
  if (!active) return refused('refusal.no-game');
  let wasPlaying = false;
  const changed = await ctx.flow.change(active.id, (game) => {
    wasPlaying = game.state.status === 'playing';
    return { type: 'leave', playerId: interaction.user.id };
  });
  if (!changed.ok) return changed;
  const tr = personal(ctx.languages, interaction);
  await replyPrivately(interaction, tr.t(wasPlaying ? 'leave.left-game' : 'leave.left-lobby'));
  await ctx.boards.refresh(active.id);
  return undefined;
}
