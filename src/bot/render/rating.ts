import type { ComputerLevel, Rules } from '../../game/index.js';
import { COMPUTER_NAME, describeRules } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';
import { COLOURS, layoutMessage, type PrivateCard, text } from './message.js';
import { personName } from './names.js';
import { PART } from './parts.js';

/** A line of the rating leaderboard, its figures from the store's ratings (src/ratings/). */
export interface RatingRank {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string | null;
  /** The conservative value, μ − 3σ, that ranks. */
  readonly value: number;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
}

/** What a person's rating line under their statistics says. */
export interface RatingSummary {
  readonly value: number;
  readonly mu: number;
  readonly sigma: number;
  /** The change of the conservative value over the last `games` rated games. */
  readonly change: number;
  readonly games: number;
}

/** A computer level's name without a seat number ("🤖 Strong"). */
function levelName(level: ComputerLevel, tr: Translator): string {
  return tr.t(COMPUTER_NAME[level], { number: '' }).trim();
}

/**
 * The rating ranking of a server's people in one rule set, for the channel to see, with the
 * computer levels' ratings beside it for comparison (they are rated, never ranked).
 */
export function renderRatingLeaderboard(
  rules: Rules,
  ranks: readonly RatingRank[],
  own: RatingRank | undefined,
  computers: readonly { readonly level: ComputerLevel; readonly value: number }[],
  tr: Translator,
): PrivateCard {
  const line = (entry: RatingRank) =>
    tr.t('leaderboard.rating-line', {
      rank: entry.rank,
      player: personName(entry.playerId, entry.name, tr),
      rating: tr.decimal(entry.value),
      mu: tr.decimal(entry.mu),
      sigma: tr.decimal(entry.sigma),
      games: tr.t('count.games', { count: entry.games }),
    });
  const lines = ranks.map(line);
  if (own && !ranks.some((entry) => entry.playerId === own.playerId)) lines.push('…', line(own));
  const body = lines.length > 0 ? lines.join('\n') : tr.t('leaderboard.rating-empty');
  const beside =
    computers.length > 0
      ? `\n\n${tr.t('leaderboard.rating-computers', {
          computers: computers.map(({ level, value }) => `${levelName(level, tr)} ${tr.decimal(value)}`).join(' · '),
        })}`
      : '';
  return layoutMessage(COLOURS.finished, [
    text(`### ${tr.t('leaderboard.title-rating', { variant: describeRules(rules, tr) })}`, PART.title),
    text(body + beside, PART.body),
    text(`-# ${tr.t('leaderboard.ranked-by-rating')}`, PART.footer),
  ]);
}

/** The rating line of /crag stats. */
export function ratingStatsLine(summary: RatingSummary, tr: Translator): string {
  return tr.t('rating.stats-line', {
    rating: tr.decimal(summary.value),
    mu: tr.decimal(summary.mu),
    sigma: tr.decimal(summary.sigma),
    change: tr.signed(summary.change),
    count: summary.games,
  });
}

/** The card with `line` added just above its footer, as the statistics' extra lines are. */
export function withLineAboveFooter(card: PrivateCard, line: string, id: number): PrivateCard {
  const [container] = card.components;
  const components = [...container.components];
  const footer = components.findIndex((component) => component.id === PART.footer);
  components.splice(footer < 0 ? components.length : footer, 0, text(line, id));
  return { ...card, components: [{ ...container, components }] };
}
