import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { MAX_SEATS } from '../../game/index.js';
import type { Translator } from '../../i18n/index.js';
import { encodeComponentId } from '../custom-id.js';
import { gameFooter } from './footer.js';
import { COLOURS, type MessagePayload, noMentions, playerName } from './message.js';
import type { GameView } from './view.js';

export function renderLobby(view: GameView, tr: Translator): MessagePayload {
  const { gameId, state } = view;
  const id = (kind: 'join' | 'leave' | 'start' | 'cancel') =>
    encodeComponentId({ gameId, version: state.version, action: { kind } });
  const seats = state.seats.map((seat, i) => {
    const name = playerName(seat.playerId, tr);
    return `${i + 1}. ${seat.playerId === state.hostId ? tr.t('lobby.host', { player: name }) : name}`;
  });
  const full = state.seats.length >= MAX_SEATS;
  return {
    embeds: [
      {
        title: tr.t('lobby.title'),
        color: COLOURS.lobby,
        description: [
          tr.t('lobby.intro', { host: playerName(state.hostId, tr) }),
          '',
          tr.t('lobby.players', { seated: state.seats.length, max: MAX_SEATS }),
          ...seats,
        ].join('\n'),
        footer: { text: gameFooter(view, tr, true) },
      },
    ],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            custom_id: id('join'),
            label: tr.t(full ? 'lobby.full' : 'lobby.join'),
            style: ButtonStyle.Success,
            disabled: full,
          },
          {
            type: ComponentType.Button,
            custom_id: id('leave'),
            label: tr.t('lobby.leave'),
            style: ButtonStyle.Secondary,
          },
          {
            type: ComponentType.Button,
            custom_id: id('start'),
            label: tr.t('lobby.start'),
            style: ButtonStyle.Primary,
          },
          {
            type: ComponentType.Button,
            custom_id: id('cancel'),
            label: tr.t('lobby.cancel'),
            style: ButtonStyle.Danger,
          },
        ],
      },
    ],
    allowedMentions: noMentions(),
  };
}
