import type { BotContext } from '../../src/bot/context.js';
import { PART, type PrivateCard, skillStatsLine, withLineAboveFooter } from '../../src/bot/render/index.js';
import type { Rules } from '../../src/game/index.js';
import type { Translator } from '../../src/i18n/index.js';
import { MIN_GAMES_FOR_SKILL, median, rankBySkill, skillFigure } from '../../src/stats/skill.js';
import { skillLinesOf } from '../person-figures.js';

/**
 * The statistics card with the person's skill figure below it (points lost per decision, over
 * normal and daily games, in the rule set they played most, their own over every place unless the
 * period is a season) and the median of this place's people with enough games to be ranked. The card is left as it is when they have no game with decisions.
 */
export async function withSkillLine(
  ctx: BotContext,
  card: PrivateCard,
  query: { readonly guildId: string; readonly playerId: string; readonly period: string; readonly rules: Rules },
  tr: Translator,
): Promise<PrivateCard> {
  const lines = await skillLinesOf(ctx, { ...query, minGames: MIN_GAMES_FOR_SKILL });
  const own = lines.find((line) => line.playerId === query.playerId);
  const figure = own && skillFigure(own);
  if (!figure) return card;
  const ranked = rankBySkill(lines, MIN_GAMES_FOR_SKILL).map((entry) => entry.figure.perDecision);
  return withLineAboveFooter(card, skillStatsLine(figure, median(ranked), tr), PART.skill);
}
