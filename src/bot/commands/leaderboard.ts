import { MIN_GAMES_FOR_AVERAGE } from '../../../commands/index.js';
import { skillLeaderboard } from '../../../commands/skill/leaderboard.js';
import { DEFAULT_RULES, isRules } from '../../game/index.js';
import type { LeaderboardQuery, RankBy } from '../../store/index.js';
import { channelWide } from '../audience.js';
import type { BotContext } from '../context.js';
import { type Outcome, refused } from '../outcome.js';
import { type LeaderboardHeading, renderLeaderboard } from '../render/index.js';
import { answerPublicly } from '../replies.js';
import type { GuildCommand } from './index.js';
import { readOptions } from './options.js';
import { chosenPeriod } from './period-option.js';

/**
 * Posts a leaderboard for the channel to see, in the server's language. With no options: this
 * channel's series, in its own rule set; with a period, a season or other rules, or in a channel
 * without a series: the server, over the current season unless another period is chosen, in the
 * rules chosen (what is not chosen is this channel's, else the defaults).
 */
export async function leaderboardCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const options = readOptions(interaction, 'leaderboard');
  const { scope, rerolls, thirteen } = options;
  const rankBy = options['rank-by'] ?? 'total';
  if (rankBy === 'skill') return skillLeaderboard(ctx, interaction, options);
  if (!isRankBy(rankBy)) return refused('refusal.leaderboard-options');
  if (
    (scope !== null && scope !== 'series' && scope !== 'server') ||
    (rerolls !== null && rerolls !== 1 && rerolls !== 2) ||
    (thirteen !== null && thirteen !== 'any' && thirteen !== 'no-pair')
  ) {
    return refused('refusal.leaderboard-options');
  }
  const minGames = options['min-games'] ?? (rankBy === 'average' ? MIN_GAMES_FOR_AVERAGE : 1);
  const serverOnly = options.period !== null || options.season !== null || rerolls !== null || thirteen !== null;
  const latest = await ctx.store.latestGameInChannel(interaction.channelId);
  const ranking = { guildId: interaction.guildId, rankBy, minGames: Math.max(1, minGames), limit: 10 };
  let query: LeaderboardQuery;
  let heading: LeaderboardHeading;
  if (scope === 'series' || (scope === null && !serverOnly && latest)) {
    if (!latest) return refused('refusal.no-series-here');
    if (serverOnly) return refused('refusal.series-whole');
    query = { ...ranking, scope: 'series', seriesId: latest.seriesId };
    heading = { ...ranking, scope: 'series', rules: latest.state.rules };
  } else {
    const chosen = await chosenPeriod(ctx, interaction.guildId, options, 'season');
    if ('refusal' in chosen) return chosen;
    const fallback = latest?.state.rules ?? DEFAULT_RULES;
    const rules = { rerolls: rerolls ?? fallback.rerolls, thirteen: thirteen ?? fallback.thirteen };
    if (!isRules(rules)) return refused('refusal.leaderboard-options');
    query = { ...ranking, scope: 'server', rules, period: chosen.key };
    heading = { ...ranking, scope: 'server', rules, period: chosen.label };
  }
  const [rows, own] = await Promise.all([
    ctx.store.leaderboard(query),
    ctx.store.leaderboardRank({ ...query, playerId: interaction.user.id }),
  ]);
  const card = renderLeaderboard(heading, rows, own, channelWide(ctx.languages, interaction));
  await answerPublicly(interaction, card);
  return undefined;
}

function isRankBy(value: string): value is RankBy {
  return value === 'total' || value === 'average';
}
