import type { BotContext } from '../../src/bot/context.js';
import { PART, type PrivateCard, ratingStatsLine, withLineAboveFooter } from '../../src/bot/render/index.js';
import type { Rules } from '../../src/game/index.js';
import type { Translator } from '../../src/i18n/index.js';
import { conservative, NEW_RATING } from '../../src/ratings/index.js';
import { ruleSetKey } from '../../src/stats/rule-sets.js';

/** The trend covers this many of the person's latest rated games. */
const TREND_GAMES = 10;

/**
 * The statistics card with the person's rating in the rule set they played most below it, and how
 * far its conservative value moved over their last games. Left as it is for someone not rated yet.
 */
export async function withRatingLine(
  ctx: BotContext,
  card: PrivateCard,
  query: { readonly playerId: string; readonly rules: Rules },
  tr: Translator,
): Promise<PrivateCard> {
  const key = ruleSetKey(query.rules);
  const rating = (await ctx.store.ratingsOf(query.playerId)).find((entry) => entry.rules === key);
  if (!rating) return card;
  // One rating more than the games the trend covers: the value before the first of them.
  const trend = await ctx.store.ratingTrend(key, query.playerId, TREND_GAMES + 1);
  const before = trend.length > TREND_GAMES ? trend[0]! : NEW_RATING;
  const games = Math.min(trend.length, TREND_GAMES);
  const value = conservative(rating);
  const line = ratingStatsLine(
    { value, mu: rating.mu, sigma: rating.sigma, change: value - conservative(before), games },
    tr,
  );
  return withLineAboveFooter(card, line, PART.rating);
}
