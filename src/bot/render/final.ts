import { ButtonStyle } from 'discord-api-types/v10';
import { standings } from '../../game/index.js';
import type { Translator } from '../../i18n/index.js';
import { encodeComponentId } from '../custom-id.js';
import { gameFooter } from './footer.js';
import {
  attachedImage,
  button,
  COLOURS,
  divider,
  layoutMessage,
  type MessagePayload,
  placeMark,
  row,
  text,
} from './message.js';
import { playerName } from './names.js';
import { PART, SCORE_CARD_FILE } from './parts.js';
import type { GameView } from './view.js';

/**
 * The final standings: places (shared on ties), the series' totals, the whole table's score card
 * (the image attached to this message as SCORE_CARD_FILE, which whoever sends this attaches), and
 * Play again, How did I play? and My sheet.
 */
export function renderFinal(view: GameView, tr: Translator): MessagePayload {
  const { gameId, state, series, nextGameStarted } = view;
  const ranked = standings(state);
  const lines = ranked.map((standing) => {
    const notes: string[] = [];
    if (ranked.filter((other) => other.place === standing.place).length > 1) notes.push(tr.t('standing.tie'));
    if (standing.left) notes.push(tr.t('standing.left'));
    const name = playerName(state, standing.playerId, tr);
    return [`${placeMark(standing.place)} ${name} **${tr.integer(standing.total)}**`, ...notes].join(' ');
  });
  const seriesLines =
    series && series.totals.length > 0
      ? [
          `**${tr.t('final.series-totals', { count: series.gameNumber })}**`,
          ...series.totals.map((line, i) =>
            tr.t('final.series-line', {
              place: i + 1,
              player: playerName(state, line.playerId, tr),
              total: line.total,
              wins: tr.t('count.wins', { count: line.wins }),
            }),
          ),
        ]
      : undefined;
  const id = (kind: 'again' | 'analysis' | 'sheet') =>
    encodeComponentId({ gameId, version: state.version, action: { kind } });
  const controls = [
    button(id('analysis'), tr.t('final.analysis'), ButtonStyle.Secondary),
    button(id('sheet'), tr.t('board.my-sheet'), ButtonStyle.Secondary),
  ];
  if (!nextGameStarted) controls.unshift(button(id('again'), tr.t('final.play-again'), ButtonStyle.Success));
  return layoutMessage(COLOURS.finished, [
    text(`### ${tr.t('final.title')}`, PART.title),
    text(lines.join('\n'), PART.standings),
    seriesLines && divider(),
    seriesLines && text(seriesLines.join('\n'), PART.series),
    attachedImage(SCORE_CARD_FILE, tr.t('score-card.description'), PART.scoreCard),
    row(...controls),
    text(`-# ${gameFooter(view, tr)}`, PART.footer),
  ]);
}

/** A game that ended before its last round (cancelled or abandoned): no controls. */
export function renderEnded({ gameId, state }: GameView, tr: Translator): MessagePayload {
  return layoutMessage(COLOURS.ended, [
    text(`### ${tr.t('ended.title')}`, PART.title),
    text(tr.t(state.endReason === 'abandoned' ? 'ended.abandoned' : 'ended.cancelled'), PART.body),
    text(`-# ${tr.t('footer.game', { game: String(gameId) })}`, PART.footer),
  ]);
}
