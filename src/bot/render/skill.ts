import type { Rules } from '../../game/index.js';
import { describeRules } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';
import type { SkillFigure, SkillRank } from '../../stats/skill.js';
import type { SkillLine } from '../../store/daily/index.js';
import { COLOURS, layoutMessage, type PrivateCard, text } from './message.js';
import { personName } from './names.js';
import { PART } from './parts.js';
import { type PeriodLabel, periodText } from './period.js';

/** Points lost per decision are tenths of a point or less: three decimals tell players apart. */
export function skillNumber(value: number, tr: Translator): string {
  return new Intl.NumberFormat(tr.language, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(value);
}

/** The skill ranking of a server, in one rule set over one period, for the channel to see. */
export function renderSkillLeaderboard(
  heading: { readonly rules: Rules; readonly period: PeriodLabel; readonly minGames: number },
  ranks: readonly SkillRank<SkillLine>[],
  own: SkillRank<SkillLine> | undefined,
  tr: Translator,
): PrivateCard {
  const line = ({ rank, line, figure }: SkillRank<SkillLine>) =>
    tr.t('leaderboard.skill-line', {
      rank,
      player: personName(line.playerId, line.name, tr),
      skill: skillNumber(figure.perDecision, tr),
      low: skillNumber(figure.interval?.low ?? figure.perDecision, tr),
      high: skillNumber(figure.interval?.high ?? figure.perDecision, tr),
      games: tr.t('count.games', { count: figure.games }),
    });
  const lines = ranks.map(line);
  if (own && !ranks.some((entry) => entry.line.playerId === own.line.playerId)) lines.push('…', line(own));
  const title = tr.t('leaderboard.title-skill', {
    period: periodText(heading.period, tr),
    variant: describeRules(heading.rules, tr),
  });
  return layoutMessage(COLOURS.finished, [
    text(`### ${title}`, PART.title),
    text(
      lines.length > 0 ? lines.join('\n') : tr.t('leaderboard.empty-min-games', { count: heading.minGames }),
      PART.body,
    ),
    text(`-# ${tr.t('leaderboard.ranked-by-skill', { count: heading.minGames })}`, PART.footer),
  ]);
}

/** The skill line of /crag stats: the person's figure with its interval, and the server's median. */
export function skillStatsLine(figure: SkillFigure, median: number | undefined, tr: Translator): string {
  const games = tr.t('count.games', { count: figure.games });
  const own = figure.interval
    ? tr.t('skill.line', {
        skill: skillNumber(figure.perDecision, tr),
        low: skillNumber(figure.interval.low, tr),
        high: skillNumber(figure.interval.high, tr),
        games,
      })
    : tr.t('skill.line-alone', { skill: skillNumber(figure.perDecision, tr), games });
  return median === undefined ? own : `${own} ${tr.t('skill.median', { median: skillNumber(median, tr) })}`;
}
