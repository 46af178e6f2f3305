import { channelWide } from '../src/bot/audience.js';
import type { BotContext } from '../src/bot/context.js';
import { type Outcome, refused } from '../src/bot/outcome.js';
import { placeOf } from '../src/bot/place.js';
import { type LeaderboardHeading, renderLeaderboard } from '../src/bot/render/index.js';
import { answerPublicly } from '../src/bot/replies.js';
import { DEFAULT_RULES, type Rules } from '../src/game/index.js';
import type { LeaderboardQuery, RankBy } from '../src/store/index.js';
import { type CommandOptions, defineSubcommand, type PlaceCommand } from './define.js';
import { LEADERBOARD_OPTIONS, MIN_GAMES_FOR_AVERAGE } from './leaderboard-options.js';
import { chosenPeriod } from './period.js';
import { ratingLeaderboard } from './rating/leaderboard.js';
import { skillLeaderboard } from './skill/leaderboard.js';

/** How many players a leaderboard lists. */
const LISTED = 10;

/**
 * `/crag leaderboard`: posts a leaderboard for the channel to see, in the server's language. Outside
 * a server the place is the DM or group DM itself (src/bot/place.ts): its games, its series. With no
 * options: this channel's series, in its own rule set; with a period, a season or other rules, or
 * in a channel without a series: the server, over the current season unless another period is
 * chosen, in the rules chosen (what is not chosen is this channel's, else the defaults).
 */
export const leaderboard = defineSubcommand({
  name: 'leaderboard',
  nameKey: 'command.leaderboard.name',
  descriptionKey: 'command.leaderboard.description',
  answers: 'public',
  // Answered through the interaction alone: a group DM's leaderboard is its own games'.
  reach: 'anywhere',
  options: LEADERBOARD_OPTIONS,
  handle: postLeaderboard,
});

async function postLeaderboard(
  ctx: BotContext,
  interaction: PlaceCommand,
  options: CommandOptions<typeof LEADERBOARD_OPTIONS>,
): Promise<Outcome> {
  if (options['rank-by'] === 'skill') return skillLeaderboard(ctx, interaction, options);
  if (options['rank-by'] === 'rating') return ratingLeaderboard(ctx, interaction, options);
  const { rerolls, thirteen } = options;
  // Typed as the store's: a new choice of scope or ranking fails to compile until it is handled.
  const scope: LeaderboardQuery['scope'] | null = options.scope;
  const rankBy: RankBy = options['rank-by'] ?? 'total';
  const minGames = options['min-games'] ?? (rankBy === 'average' ? MIN_GAMES_FOR_AVERAGE : 1);
  const serverOnly = options.period !== null || options.season !== null || rerolls !== null || thirteen !== null;
  const latest = await ctx.store.latestGameInChannel(interaction.channelId);
  const place = placeOf(interaction);
  const ranking = { guildId: place, rankBy, minGames: Math.max(1, minGames), limit: LISTED };
  let query: LeaderboardQuery;
  let heading: LeaderboardHeading;
  if (scope === 'series' || (scope === null && !serverOnly && latest)) {
    if (!latest) return refused('refusal.no-series-here');
    if (serverOnly) return refused('refusal.series-whole');
    query = { ...ranking, scope: 'series', seriesId: latest.seriesId };
    heading = { ...ranking, scope: 'series', rules: latest.state.rules };
  } else {
    const chosen = await chosenPeriod(ctx, place, options, 'season');
    if ('refusal' in chosen) return chosen;
    const fallback = latest?.state.rules ?? DEFAULT_RULES;
    const rules: Rules = { rerolls: rerolls ?? fallback.rerolls, thirteen: thirteen ?? fallback.thirteen };
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
