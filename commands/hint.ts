import { personal } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { renderHint } from '../src/bot/render/index.js';
import { replyPrivately } from '../src/bot/replies.js';
import { defineSubcommand, type GuildCommand } from './define.js';
import { hintRefusal } from './game/info.js';

/** `/crag hint`: the coach's advice for the player to act, privately, when the game allows hints. */
export const hint = defineSubcommand({
  name: 'hint',
  nameKey: 'command.hint.name',
  descriptionKey: 'command.hint.description',
  answers: 'private',
  options: {},
  handle: giveHint,
});

async function giveHint(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const game = await ctx.store.activeGameInChannel(interaction.channelId);
  if (!game) return refused('refusal.no-game');
  const refusal = hintRefusal(game, interaction.user.id);
  if (refusal) return refusal;
  await replyPrivately(interaction, renderHint(game.state, personal(ctx.languages, interaction), ctx.dice.faces));
  return undefined;
}
