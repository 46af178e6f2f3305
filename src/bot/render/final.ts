import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { describeRules, standings } from '../../game/index.js';
import { encodeComponentId } from '../custom-id.js';
import { COLOURS, type MessagePayload, noMentions, placeMark, playerName } from './message.js';
import type { GameView } from './view.js';

export function renderFinal({ gameId, state, series, nextGameStarted }: GameView): MessagePayload {
  const ranked = standings(state);
  const lines = ranked.map((row) => {
    const tie = ranked.filter((other) => other.place === row.place).length > 1 ? ' (tie)' : '';
    const left = row.left ? ' (left)' : '';
    return `${placeMark(row.place)} ${playerName(row.playerId)} **${row.total}**${tie}${left}`;
  });
  const fields = [];
  if (series && series.totals.length > 0) {
    const seriesLines = series.totals.map(
      (row, i) =>
        `${i + 1}. ${playerName(row.playerId)} **${row.total}** · ${row.wins} win${row.wins === 1 ? '' : 's'}`,
    );
    fields.push({
      name: `Series totals after ${series.gameNumber} game${series.gameNumber === 1 ? '' : 's'}`,
      value: seriesLines.join('\n').slice(0, 1024),
    });
  }
  const id = (kind: 'again' | 'analysis' | 'sheet') =>
    encodeComponentId({ gameId, version: state.version, action: { kind } });
  return {
    embeds: [
      {
        title: 'Crag · final standings',
        color: COLOURS.finished,
        description: lines.join('\n'),
        fields,
        footer: { text: `${describeRules(state.rules)} · game #${gameId}` },
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
                  label: 'Play again',
                  style: ButtonStyle.Success,
                } as const,
              ]),
          {
            type: ComponentType.Button,
            custom_id: id('analysis'),
            label: 'How did I play?',
            style: ButtonStyle.Secondary,
          },
          { type: ComponentType.Button, custom_id: id('sheet'), label: 'My sheet', style: ButtonStyle.Secondary },
        ],
      },
    ],
    allowedMentions: noMentions(),
  };
}

export function renderEnded({ gameId, state }: GameView): MessagePayload {
  const why =
    state.endReason === 'abandoned'
      ? 'Everyone left (or nobody played for a day), so the game was ended.'
      : 'The game was ended before the last round.';
  return {
    embeds: [
      {
        title: 'Crag · game ended',
        color: COLOURS.ended,
        description: `${why} It counts for nobody. \`/crag start\` opens a new one.`,
        footer: { text: `game #${gameId}` },
      },
    ],
    components: [],
    allowedMentions: noMentions(),
  };
}
