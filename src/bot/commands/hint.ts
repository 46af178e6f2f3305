import { personal } from '../audience.js';
import { hintRefusal } from '../components/info.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { renderHint } from '../render/index.js';
import { replyPrivately } from '../replies.js';
import type { GuildCommand } from './index.js';

export async function hintCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  if (!game) return refused('refusal.no-game');
  const refusal = hintRefusal(game, interaction.user.id);
  if (refusal) return refusal;
  await replyPrivately(interaction, renderHint(game.state, personal(ctx.languages, interaction), ctx.dice.faces));
  return undefined;
}
