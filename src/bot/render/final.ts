import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { standings } from '../../game/index.js';
import type { Translator } from '../../i18n/index.js';
import { encodeComponentId } from '../custom-id.js';
import { gameFooter } from './footer.js';
import { COLOURS, type MessagePayload, noMentions, placeMark, playerName } from './message.js';
import type { GameView } from './view.js';

export function renderFinal(view: GameView, tr: Translator): MessagePayload {
  const { gameId, state, series, nextGameStarted } = view;
  const ranked = standings(state);
  const lines = ranked.map((row) => {
    const notes: string[] = [];
    if (ranked.filter((other) => other.place === row.place).length > 1) notes.push(tr.t('standing.tie'));
    if (row.left) notes.push(tr.t('standing.left'));
    return [`${placeMark(row.place)} ${playerName(row.playerId, tr)} **${tr.integer(row.total)}**`, ...notes].join(' ');
  });
  const fields = [];
  if (series && series.totals.length > 0) {
    const seriesLines = series.totals.map((row, i) =>
      tr.t('final.series-line', {
        place: i + 1,
        player: playerName(row.playerId, tr),
        total: row.total,
        wins: tr.t('count.wins', { count: row.wins }),
      }),
    );
    fields.push({
      name: tr.t('final.series-totals', { count: series.gameNumber }),
      value: seriesLines.join('\n').slice(0, 1024),
    });
  }
  const id = (kind: 'again' | 'analysis' | 'sheet') =>
    encodeComponentId({ gameId, version: state.version, action: { kind } });
  return {
    embeds: [
      {
        title: tr.t('final.title'),
        color: COLOURS.finished,
        description: lines.join('\n'),
        fields,
        footer: { text: gameFooter(view, tr) },
      },
    ],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          ...(nextGameStarted
            ? []
            : [
                {
                  type: ComponentType.Button,
                  custom_id: id('again'),
                  label: tr.t('final.play-again'),
                  style: ButtonStyle.Success,
                } as const,
              ]),
          {
            type: ComponentType.Button,
            custom_id: id('analysis'),
            label: tr.t('final.analysis'),
            style: ButtonStyle.Secondary,
          },
          {
            type: ComponentType.Button,
            custom_id: id('sheet'),
            label: tr.t('board.my-sheet'),
            style: ButtonStyle.Secondary,
          },
        ],
      },
    ],
    allowedMentions: noMentions(),
  };
}

export function renderEnded({ gameId, state }: GameView, tr: Translator): MessagePayload {
  return {
    embeds: [
      {
        title: tr.t('ended.title'),
        color: COLOURS.ended,
        description: tr.t(state.endReason === 'abandoned' ? 'ended.abandoned' : 'ended.cancelled'),
        footer: { text: tr.t('footer.game', { game: String(gameId) }) },
      },
    ],
    components: [],
    allowedMentions: noMentions(),
  };
}
