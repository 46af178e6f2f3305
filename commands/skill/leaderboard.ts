import { channelWide } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import { type Outcome, refused } from '../../src/bot/outcome.js';
import { placeOf } from '../../src/bot/place.js';
import { renderSkillLeaderboard } from '../../src/bot/render/index.js';
import { answerPublicly } from '../../src/bot/replies.js';
import { DEFAULT_RULES, isRules } from '../../src/game/index.js';
import { MIN_GAMES_FOR_SKILL, rankBySkill } from '../../src/stats/skill.js';
import type { CommandOptions, PlaceCommand } from '../define.js';
import type { LEADERBOARD_OPTIONS } from '../leaderboard-options.js';
import { chosenPeriod } from '../period.js';
import { skillLinesOf } from '../person-figures.js';

/** A skill ranking lists this many people. */
const SKILL_ROWS = 10;

/**
 * `/crag leaderboard rank-by:skill`: this place's (server's, group DM's) people by expected points lost per decision
 * against the exact optimum, fewest first, with a 95% interval, over normal and daily games alike,
 * in one rule set over one period (the current season unless another is chosen). Each person's figure is their own
 * over every place they played in (#42), but in a season, which is this place's (person-figures.ts). A series has too
 * few games for the figure to mean much, so the ranking is always the server's.
 */
export async function skillLeaderboard(
  ctx: BotContext,
  interaction: PlaceCommand,
  options: CommandOptions<typeof LEADERBOARD_OPTIONS>,
): Promise<Outcome> {
  if (options.scope === 'series') return refused('refusal.leaderboard-options');
  const chosen = await chosenPeriod(ctx, placeOf(interaction), options, 'season');
  if ('refusal' in chosen) return chosen;
  const fallback = (await ctx.store.latestGameInChannel(interaction.channelId))?.state.rules ?? DEFAULT_RULES;
  const rules = { rerolls: options.rerolls ?? fallback.rerolls, thirteen: options.thirteen ?? fallback.thirteen };
  if (!isRules(rules)) return refused('refusal.leaderboard-options');
  const minGames = Math.max(1, options['min-games'] ?? MIN_GAMES_FOR_SKILL);
  const lines = await skillLinesOf(ctx, {
    guildId: placeOf(interaction),
    rules,
    period: chosen.key,
    minGames,
    playerId: interaction.user.id,
  });
  const ranks = rankBySkill(lines, minGames);
  const own = ranks.find((entry) => entry.line.playerId === interaction.user.id);
  const card = renderSkillLeaderboard(
    { rules, period: chosen.label, minGames },
    ranks.slice(0, SKILL_ROWS),
    own,
    channelWide(ctx.languages, interaction),
  );
  await answerPublicly(interaction, card);
  return undefined;
}
