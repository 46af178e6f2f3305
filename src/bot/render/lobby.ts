import { ButtonStyle } from 'discord-api-types/v10';
import { MAX_SEATS } from '../../game/index.js';
import type { Translator } from '../../i18n/index.js';
import { encodeComponentId } from '../custom-id.js';
import { gameFooter } from './footer.js';
import { button, COLOURS, layoutMessage, type MessagePayload, row, text } from './message.js';
import { playerName } from './names.js';
import { PART } from './parts.js';
import type { GameView } from './view.js';

/**
 * The lobby: who is seated, Join and Leave for everyone, Start and Cancel for the host, in two rows
 * so that neither pair is split by a phone's wrapping. In a voice channel's chat with the Activity,
 * a third row opens the table in the call.
 */
export function renderLobby(view: GameView, tr: Translator): MessagePayload {
  const { gameId, state } = view;
  const id = (kind: 'join' | 'leave' | 'start' | 'cancel' | 'table') =>
    encodeComponentId({ gameId, version: state.version, action: { kind } });
  const seats = state.seats.map((seat, i) => {
    const name = playerName(state, seat.playerId, tr);
    return `${i + 1}. ${seat.playerId === state.hostId ? tr.t('lobby.host', { player: name }) : name}`;
  });
  const full = state.seats.length >= MAX_SEATS;
  return layoutMessage(COLOURS.lobby, [
    text(`### ${tr.t('lobby.title')}`, PART.title),
    text(
      [
        tr.t('lobby.intro', { host: playerName(state, state.hostId, tr) }),
        '',
        tr.t('lobby.players', { seated: state.seats.length, max: MAX_SEATS }),
        ...seats,
      ].join('\n'),
      PART.seats,
    ),
    row(
      button(id('join'), tr.t(full ? 'lobby.full' : 'lobby.join'), ButtonStyle.Success, full),
      button(id('leave'), tr.t('lobby.leave'), ButtonStyle.Secondary),
    ),
    row(
      button(id('start'), tr.t('lobby.start'), ButtonStyle.Primary),
      button(id('cancel'), tr.t('lobby.cancel'), ButtonStyle.Danger),
    ),
    ...(view.atTable ? [row(button(id('table'), tr.t('lobby.table'), ButtonStyle.Primary))] : []),
    text(`-# ${gameFooter(view, tr, true)}`, PART.footer),
  ]);
}
