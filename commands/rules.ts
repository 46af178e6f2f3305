import { personal } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import type { Outcome } from '../src/bot/outcome.js';
import { renderRules } from '../src/bot/render/index.js';
import { replyPrivately } from '../src/bot/replies.js';
import { DEFAULT_RULES } from '../src/game/index.js';
import { defineSubcommand, type GuildCommand } from './define.js';

/** `/crag rules`: the rules, privately, with the variant of this channel's game (else the defaults). */
export const rules = defineSubcommand({
  name: 'rules',
  nameKey: 'command.rules.name',
  descriptionKey: 'command.rules.description',
  options: {},
  handle: showRules,
});

async function showRules(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  await replyPrivately(
    interaction,
    renderRules(game?.state.rules ?? DEFAULT_RULES, game ? 'game' : 'default', personal(ctx.languages, interaction)),
  );
  return undefined;
}
