import { DEFAULT_RULES, type Rules } from '../../game/index.js';
import { personal } from '../audience.js';
import type { BotContext } from '../context.js';
import type { Outcome } from '../outcome.js';
import { renderRules } from '../render/index.js';
import { replyPrivately } from '../replies.js';
import type { GuildCommand } from './index.js';

/** The rules of the game in this channel, else those a game started here now would get by default. */
export async function rulesCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
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
