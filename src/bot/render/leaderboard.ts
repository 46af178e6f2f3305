import type { Rules } from '../../game/index.js';
import { describeRules } from '../../i18n/game-terms.js';
import type { MessageKey, Translator } from '../../i18n/index.js';
import type { LeaderboardRow, RankBy } from '../../store/index.js';
import { COLOURS, layoutMessage, type PrivateCard, text } from './message.js';
import { personName } from './names.js';
import { PART } from './parts.js';
import { type PeriodLabel, periodText } from './period.js';

/** What a leaderboard ranks: this channel's series, or the server over a period, in one rule set. */
export type LeaderboardHeading = {
  readonly rules: Rules;
  readonly rankBy: RankBy;
  /** Players with fewer games are left out. */
  readonly minGames: number;
} & ({ readonly scope: 'series' } | { readonly scope: 'server'; readonly period: PeriodLabel });

export function renderLeaderboard(
  heading: LeaderboardHeading,
  rows: readonly LeaderboardRow[],
  own: LeaderboardRow | undefined,
  tr: Translator,
): PrivateCard {
  const line = (row: LeaderboardRow) =>
    tr.t('leaderboard.line', {
      rank: row.rank,
      player: personName(row.playerId, row.name, tr),
      total: row.total,
      games: tr.t('count.games', { count: row.games }),
      wins: tr.t('count.wins', { count: row.wins }),
      average: tr.decimal(row.average),
      best: row.best,
    });
  const lines = rows.map(line);
  if (own && !rows.some((row) => row.playerId === own.playerId)) lines.push('…', line(own));
  const variant = describeRules(heading.rules, tr);
  const title =
    heading.scope === 'series'
      ? tr.t('leaderboard.title-series', { variant })
      : tr.t('leaderboard.title-server', { period: periodText(heading.period, tr), variant });
  const empty =
    heading.minGames > 1 ? tr.t('leaderboard.empty-min-games', { count: heading.minGames }) : tr.t('leaderboard.empty');
  return layoutMessage(COLOURS.finished, [
    text(`### ${title}`, PART.title),
    text(lines.length > 0 ? lines.join('\n') : empty, PART.body),
    text(`-# ${rankedBy(heading, tr)}`, PART.footer),
  ]);
}

const RANKED_BY: Readonly<Record<RankBy, MessageKey>> = {
  total: 'leaderboard.ranked-by-total',
  average: 'leaderboard.ranked-by-average',
};

function rankedBy(heading: LeaderboardHeading, tr: Translator): string {
  return tr.t(RANKED_BY[heading.rankBy], { count: heading.minGames });
}
