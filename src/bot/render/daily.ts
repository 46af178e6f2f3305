import { type APIComponentInContainer, ButtonStyle } from 'discord-api-types/v10';
import { dailyNumber } from '../../game/index.js';
import type { Translator } from '../../i18n/index.js';
import type { DailyOutcome } from '../../stats/daily-result.js';
import { shareSquares } from '../../stats/daily-result.js';
import type { DailyBoardRow } from '../../store/daily/index.js';
import { COSTLY_LOSS } from '../../strategy/index.js';
import { encodeComponentId } from '../custom-id.js';
import { renderBoard } from './board.js';
import { describeDecision } from './coach.js';
import type { DiceFaces } from './dice-faces.js';
import {
  button,
  COLOURS,
  divider,
  layoutMessage,
  type MessagePayload,
  type PrivateCard,
  placeMark,
  row,
  text,
} from './message.js';
import { personName } from './names.js';
import { PART } from './parts.js';
import type { GameView } from './view.js';

/** Where a daily deal was played, where a channel would be named (the history, the export): by its day. */
export function dailyDealName(day: number, tr: Translator): string {
  return tr.t('daily.title', { day: dailyNumber(day) });
}

/** The board of a daily game in play, for its player alone: the usual board under the day's title. */
export function renderDailyBoard(view: GameView, day: number, tr: Translator, faces: DiceFaces): MessagePayload {
  const board = renderBoard({ ...view, turnDeadline: null }, tr, faces);
  const [container] = board.components;
  const heading: APIComponentInContainer[] = [
    text(`## ${tr.t('daily.title', { day: dailyNumber(day) })}`),
    text(`-# ${tr.t('daily.intro')}`),
  ];
  return { ...board, components: [{ ...container, components: [...heading, ...container.components] }] };
}

/** Everything the end of a daily game shows its player. */
export interface DailyResultView {
  readonly gameId: number;
  readonly version: number;
  readonly day: number;
  readonly outcome: DailyOutcome;
  readonly optimum: number;
  /** Place in the server it was played in, among that day's finished results there. */
  readonly place: number;
  readonly serverFinished: number;
  readonly worldFinished: number;
  readonly worldBetter: number;
  readonly percentile: number;
  readonly streak: number;
}

/** Room left for the decisions in a card's text (Discord allows 4,000 characters in all). */
const DECISIONS_LENGTH = 2_500;

/** The end of a daily game, privately: the total against the optimum's, the costly decisions, the standings and the streak. */
export function renderDailyResult(view: DailyResultView, tr: Translator): PrivateCard {
  const { outcome } = view;
  const lines = [
    tr.t('daily.result.total', { total: outcome.total, optimum: view.optimum }),
    tr.t('daily.result.loss', { loss: tr.decimal(outcome.loss), count: outcome.decisions }),
    tr.t('daily.result.place', { place: view.place, finished: view.serverFinished }),
    tr.t('daily.result.world', {
      finished: view.worldFinished,
      better: view.worldBetter,
      percentile: view.percentile,
    }),
    tr.t('daily.result.streak', { count: view.streak }),
  ];
  const costly = outcome.reviews.filter((review) => review.loss >= COSTLY_LOSS);
  const decisions = [costly.length === 0 ? tr.t('daily.result.all-optimal') : tr.t('daily.result.costly')];
  let length = 0;
  for (const review of costly) {
    const line = `• ${describeDecision(review, tr)}`;
    length += line.length + 1;
    if (length > DECISIONS_LENGTH) {
      decisions.push('…');
      break;
    }
    decisions.push(line);
  }
  const share = encodeComponentId({ gameId: view.gameId, version: view.version, action: { kind: 'share' } });
  return layoutMessage(COLOURS.finished, [
    text(`## ${tr.t('daily.title', { day: dailyNumber(view.day) })}`, PART.title),
    text(lines.join('\n'), PART.standings),
    text(`${shareSquares(outcome.rowLosses)}`),
    divider(),
    text(decisions.join('\n'), PART.body),
    row(button(share, tr.t('daily.share-button'), ButtonStyle.Primary)),
    text(`-# ${tr.t('daily.result.footer')}`, PART.footer),
  ]);
}

/** The one line Share posts: the day, the total, the optimum's, the streak and the squares; no dice, no row's score. */
export function dailyShareLine(
  view: Pick<DailyResultView, 'day' | 'outcome' | 'optimum' | 'streak'>,
  tr: Translator,
): string {
  return tr.t('daily.share', {
    day: dailyNumber(view.day),
    total: view.outcome.total,
    optimum: view.optimum,
    streak: view.streak,
    squares: shareSquares(view.outcome.rowLosses),
  });
}

/** A server's results of one day, public: finished players only, best first. */
export function renderDailyServerBoard(
  day: number,
  rows: readonly DailyBoardRow[],
  optimum: number | undefined,
  tr: Translator,
): MessagePayload {
  const lines = rows.map((entry) =>
    tr.t('daily.board.line', {
      place: placeMark(entry.place),
      player: personName(entry.playerId, entry.name, tr),
      total: entry.total,
    }),
  );
  const number = dailyNumber(day);
  return layoutMessage(COLOURS.finished, [
    text(`### ${tr.t('daily.board.title', { day: number })}`, PART.title),
    text(lines.length > 0 ? lines.join('\n') : tr.t('daily.board.empty', { day: number }), PART.body),
    optimum === undefined || rows.length === 0
      ? undefined
      : text(`-# ${tr.t('daily.board.optimum', { optimum })}`, PART.footer),
  ]);
}
