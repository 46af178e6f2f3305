import { personal } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { replyPrivately } from '../src/bot/replies.js';
import { defineSubcommand, type GuildCommand } from './define.js';

/** `/crag leave`: the person leaves this channel's lobby or game; in play, their open rows score 0. */
export const leave = defineSubcommand({
  name: 'leave',
  nameKey: 'command.leave.name',
  descriptionKey: 'command.leave.description',
  answers: 'private',
  options: {},
  handle: leaveGame,
});

async function leaveGame(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
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
