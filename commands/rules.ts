import { personal } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import type { Outcome } from '../src/bot/outcome.js';
import { renderRules } from '../src/bot/render/index.js';
import { replyPrivately } from '../src/bot/replies.js';
import { DEFAULT_RULES, type Rules } from '../src/game/index.js';
import { defineSubcommand, type GuildCommand } from './define.js';

/** `/crag rules`: the rules, privately, with the variant of this channel's game (else the server's defaults). */
export const rules = defineSubcommand({
  name: 'rules',
  nameKey: 'command.rules.name',
  descriptionKey: 'command.rules.description',
  answers: 'private',
  options: {},
  handle: showRules,
});

/** The rules of the game in this channel, else those a game started here now would get by default. */
async function showRules(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const tr = personal(ctx.languages, interaction);
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  if (game) {
    await replyPrivately(interaction, renderRules(game.state.rules, 'game', tr));
    return undefined;
  }
  const house = await ctx.houseRules.settingsOf(interaction.guildId);
  const rerolls = house['defaults.rerolls'];
  const thirteen = house['defaults.thirteen'];
  const rules: Rules = { rerolls: rerolls ?? DEFAULT_RULES.rerolls, thirteen: thirteen ?? DEFAULT_RULES.thirteen };
  const inForce = rerolls === undefined && thirteen === undefined ? 'default' : 'server';
  await replyPrivately(interaction, renderRules(rules, inForce, tr));
  return undefined;
}
