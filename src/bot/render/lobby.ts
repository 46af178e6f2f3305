import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { describeRules, MAX_SEATS } from '../../game/index.js';
import { encodeComponentId } from '../custom-id.js';
import { COLOURS, type MessagePayload, noMentions, playerName } from './message.js';
import type { GameView } from './view.js';

export function renderLobby({ gameId, state, settings }: GameView): MessagePayload {
  const id = (kind: 'join' | 'leave' | 'start' | 'cancel') =>
    encodeComponentId({ gameId, version: state.version, action: { kind } });
  const seats = state.seats.map(
    (seat, i) => `${i + 1}. ${playerName(seat.playerId)}${seat.playerId === state.hostId ? ' (host)' : ''}`,
  );
  const full = state.seats.length >= MAX_SEATS;
  return {
    embeds: [
      {
        title: 'Crag · a new game is open',
        color: COLOURS.lobby,
        description: [
          `Host: ${playerName(state.hostId)}. Press **Join** to play; the host presses **Start**.`,
          '',
          `**Players (${state.seats.length}/${MAX_SEATS})**`,
          ...seats,
        ].join('\n'),
        footer: {
          text: `${describeRules(state.rules)} · ${settings.turnTimerMinutes} min per turn · hints ${settings.hintsEnabled ? 'on' : 'off'} · game #${gameId}`,
        },
      },
    ],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            custom_id: id('join'),
            label: full ? 'Full' : 'Join',
            style: ButtonStyle.Success,
            disabled: full,
          },
          { type: ComponentType.Button, custom_id: id('leave'), label: 'Leave', style: ButtonStyle.Secondary },
          { type: ComponentType.Button, custom_id: id('start'), label: 'Start', style: ButtonStyle.Primary },
          { type: ComponentType.Button, custom_id: id('cancel'), label: 'Cancel', style: ButtonStyle.Danger },
        ],
      },
    ],
    allowedMentions: noMentions(),
  };
}
