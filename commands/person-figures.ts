import type { BotContext } from '../src/bot/context.js';
import { type Refusal, refused } from '../src/bot/outcome.js';
import type { Translatable } from '../src/i18n/index.js';
import { spansEveryPlace } from '../src/stats/periods.js';
import type { SkillLine, SkillQuery } from '../src/store/daily/index.js';
import type { PlayerStats } from '../src/store/index.js';

/**
 * A person's statistics as `/crag stats` shows them: their own over every place they played in
 * (#42), for a period that spans every place; a season's are the asking place's, whose season it is.
 */
export function statsOf(ctx: BotContext, place: string, playerId: string, period: string): Promise<PlayerStats> {
  return spansEveryPlace(period)
    ? ctx.store.personStats(place, playerId, period)
    : ctx.store.playerStats(place, playerId, period);
}

/**
 * The skill lines of a place's people (and the asker), each person's sums over every place they
 * played in for a period that spans every place, else (a season) the place's own sums.
 */
export function skillLinesOf(ctx: BotContext, query: SkillQuery): Promise<SkillLine[]> {
  return spansEveryPlace(query.period) ? ctx.daily.store.personSkillLines(query) : ctx.daily.store.skillLines(query);
}

/**
 * The answer when there is nothing to show: nowhere, for a period that spans every place, else
 * (a season) here. `playerId` names someone else; absent, the asker.
 */
export function noStats(period: string, label: Translatable, playerId?: string): Refusal {
  const everywhere = spansEveryPlace(period);
  if (playerId === undefined)
    return refused(everywhere ? 'refusal.no-stats-yours' : 'refusal.no-stats-yours-here', { period: label });
  const params = { player: `<@${playerId}>`, period: label };
  return refused(everywhere ? 'refusal.no-stats-theirs' : 'refusal.no-stats-theirs-here', params);
}
