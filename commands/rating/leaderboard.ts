import { channelWide } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { placeOf } from '../../src/bot/place.js';
import { type RatingRank, renderRatingLeaderboard } from '../../src/bot/render/index.js';
import { answerPublicly } from '../../src/bot/replies.js';
import { COMPUTER_LEVELS, DEFAULT_RULES, isRules } from '../../src/game/index.js';
import { computerRatingId, conservative } from '../../src/ratings/index.js';
import { ruleSetKey } from '../../src/stats/rule-sets.js';
import type { RatedPerson } from '../../src/store/index.js';
import type { CommandOptions, PlaceCommand } from '../define.js';
import type { LEADERBOARD_OPTIONS } from '../leaderboard-options.js';

/** A rating ranking lists this many people. */
const RATING_ROWS = 10;
/** How far down the asker's own place is looked for; below it, only the top is shown. */
const PLACES_READ = 1000;

function rankOf(rank: number, entry: RatedPerson): RatingRank {
  const { ratedId: playerId, name, mu, sigma, games } = entry;
  return { rank, playerId, name, value: conservative(entry), mu, sigma, games };
}

/**
 * `/crag leaderboard rank-by:rating`: this place's (server's, group DM's) people by their conservative rating (μ − 3σ)
 * in one rule set, with the computer levels' ratings beside them. A rating is a person's over
 * every game they have played, anywhere and ever, so the ranking is the server's and takes no
 * period: a series, a period or a season is refused, saying why.
 */
export async function ratingLeaderboard(
  ctx: BotContext,
  interaction: PlaceCommand,
  options: CommandOptions<typeof LEADERBOARD_OPTIONS>,
): Promise<Outcome> {
  if (options.scope === 'series' || options.period !== null || options.season !== null)
    return refused('refusal.rating-all-time');
  const fallback = (await ctx.store.latestGameInChannel(interaction.channelId))?.state.rules ?? DEFAULT_RULES;
  const rules = { rerolls: options.rerolls ?? fallback.rerolls, thirteen: options.thirteen ?? fallback.thirteen };
  if (!isRules(rules)) return refused('refusal.leaderboard-options');
  const key = ruleSetKey(rules);
  // The whole list up to a bound, so the asker's own place can be shown below the top.
  const everyone = await ctx.store.ratingLeaders(key, placeOf(interaction), PLACES_READ);
  const ranked = everyone.map((entry, index) => rankOf(index + 1, entry));
  const own = ranked.slice(RATING_ROWS).find((entry) => entry.playerId === interaction.user.id);
  const ranks = ranked.slice(0, RATING_ROWS);
  const computers = [];
  for (const level of COMPUTER_LEVELS) {
    const rating = (await ctx.store.ratingsOf(computerRatingId(level))).find((entry) => entry.rules === key);
    if (rating) computers.push({ level, value: conservative(rating) });
  }
  await answerPublicly(
    interaction,
    renderRatingLeaderboard(rules, ranks, own, computers, channelWide(ctx.languages, interaction)),
  );
  return undefined;
}
