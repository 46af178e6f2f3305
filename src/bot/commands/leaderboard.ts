import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { renderLeaderboard } from '../render/index.js';
import type { GuildCommand } from './index.js';

/** Posts the leaderboard for the channel to see, in the server's language. */
export async function leaderboardCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const scope = interaction.options.getString('scope') ?? 'series';
  let rerolls = interaction.options.getInteger('rerolls') ?? 1;
  let seriesId: number | undefined;
  if (scope === 'series') {
    const latest = await ctx.store.latestGameInChannel(interaction.channelId);
    if (!latest) return refused('refusal.no-series-here');
    seriesId = latest.seriesId;
    // A series is played in one rule set: it is ranked in that one, not in the default.
    rerolls = interaction.options.getInteger('rerolls') ?? latest.state.rules.rerolls;
  }
  if ((scope !== 'series' && scope !== 'server') || (rerolls !== 1 && rerolls !== 2)) {
    return refused('refusal.leaderboard-options');
  }
  const query =
    seriesId === undefined
      ? ({
          guildId: interaction.guildId,
          scope: 'server',
          rules: { rerolls, thirteen: 'any' },
          period: 'all',
          limit: 10,
        } as const)
      : ({ guildId: interaction.guildId, scope: 'series', seriesId, limit: 10 } as const);
  const [rows, own] = await Promise.all([
    ctx.store.leaderboard(query),
    ctx.store.leaderboardRank({ ...query, playerId: interaction.user.id }),
  ]);
  const card = renderLeaderboard({ scope, rerolls }, rows, own, channelWide(ctx.languages, interaction));
  await interaction.reply({ ...card, allowedMentions: { parse: [] } });
  return undefined;
}
