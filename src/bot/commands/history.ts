import { personal } from '../audience.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { renderHistory } from '../render/index.js';
import { replyPrivately } from '../replies.js';
import type { GuildCommand } from './index.js';
import { readOptions } from './options.js';

/** How many finished games the history lists. */
const HISTORY_GAMES = 10;

/** The last finished games of this channel, or of the server, privately, with links to their final boards. */
export async function historyCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const scope = readOptions(interaction, 'history').scope ?? 'channel';
  if (scope !== 'channel' && scope !== 'server') return refused('refusal.history-options');
  const games = await ctx.store.finishedGames({
    guildId: interaction.guildId,
    ...(scope === 'channel' ? { channelId: interaction.channelId } : {}),
    limit: HISTORY_GAMES,
  });
  if (games.length === 0) {
    return refused(scope === 'channel' ? 'refusal.no-history-channel' : 'refusal.no-history-server');
  }
  await replyPrivately(interaction, renderHistory({ scope, games }, personal(ctx.languages, interaction)));
  return undefined;
}
