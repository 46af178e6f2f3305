import { DEFAULT_RULES } from '../../game/index.js';
import { personal } from '../audience.js';
import type { BotContext } from '../context.js';
import type { Outcome } from '../outcome.js';
import { renderRules } from '../render/index.js';
import { replyPrivately } from '../replies.js';
import type { GuildCommand } from './index.js';

export async function rulesCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  await replyPrivately(
    interaction,
    renderRules(game?.state.rules ?? DEFAULT_RULES, game ? 'game' : 'default', personal(ctx.languages, interaction)),
  );
  return undefined;
}
