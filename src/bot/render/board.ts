import type {
  APIActionRowComponent,
  APIButtonComponentWithCustomId,
  APIComponentInMessageActionRow,
  APISelectMenuOption,
} from 'discord-api-types/v10';
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import {
  CATEGORIES,
  categoryById,
  currentDice,
  describeRules,
  type GameState,
  ROUNDS,
  rerollsLeft,
  scoreRoll,
  sheetTotal,
} from '../../game/index.js';
import { type ComponentAction, encodeComponentId } from '../custom-id.js';
import { COLOURS, dieFace, type MessagePayload, noMentions, playerName } from './message.js';
import type { GameView } from './view.js';

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

function lastMove(state: GameState): string | undefined {
  const last = state.history[state.history.length - 1];
  if (!last) return undefined;
  const dice = last.rolls[last.rolls.length - 1]?.map(dieFace).join(' ') ?? '';
  const how = last.timedOut ? ' (time ran out)' : '';
  return `Last: ${playerName(last.playerId)} put ${dice} in **${categoryById(last.category).name}** for ${last.points}${how}`;
}

function scoreboard(state: GameState): string[] {
  return state.seats.map((seat, i) => {
    const sheet = state.sheets[seat.playerId] ?? {};
    const marker = i === state.currentSeat ? '▶' : '·';
    const gone = seat.left ? ' (left)' : '';
    return `${marker} ${playerName(seat.playerId)} **${sheetTotal(sheet)}**${gone}`;
  });
}

export function renderBoard(view: GameView): MessagePayload {
  const { gameId, state, settings, turnDeadline } = view;
  const seat = state.seats[state.currentSeat];
  const turn = state.turn;
  if (!seat || !turn) throw new Error(`game ${gameId} is playing but has no turn`);
  const dice = currentDice(turn);
  const left = rerollsLeft(state);
  const id = (action: ComponentAction) => encodeComponentId({ gameId, version: state.version, action });
  const computer = seat.computer !== null;

  const diceLine = dice.map((d, i) => (turn.keep[i] && left > 0 ? `[${dieFace(d)}]` : dieFace(d))).join('  ');
  const timer = turnDeadline !== null && !computer ? ` · ⏱ <t:${Math.ceil(turnDeadline / 1000)}:R>` : '';
  const whose = computer ? `${playerName(seat.playerId)} is playing…` : `${playerName(seat.playerId)}, your turn`;
  const rerollText = left === 1 ? '1 reroll left' : `${left} rerolls left`;
  const description = [`${whose} · ${rerollText}${timer}`, `# ${diceLine}`, ...scoreboard(state)];
  const move = lastMove(state);
  if (move) description.push('', move);

  const rows: Row[] = [];
  const dieButtons = dice.map((d, i): APIButtonComponentWithCustomId => {
    const kept = turn.keep[i] ?? false;
    return {
      type: ComponentType.Button,
      custom_id: id({ kind: 'keep', die: i as 0 | 1 | 2 }),
      label: `${dieFace(d)} ${d}${kept ? ' · kept' : ''}`,
      style: kept ? ButtonStyle.Success : ButtonStyle.Secondary,
      disabled: computer || left <= 0,
    };
  });
  rows.push({
    type: ComponentType.ActionRow,
    components: [
      ...dieButtons,
      {
        type: ComponentType.Button,
        custom_id: id({ kind: 'reroll' }),
        label: left > 0 ? `Reroll (${left} left)` : 'No rerolls left',
        style: ButtonStyle.Primary,
        disabled: computer || left <= 0 || turn.keep.every(Boolean),
      },
    ],
  });
  if (!computer) {
    const sheet = state.sheets[seat.playerId] ?? {};
    const options: APISelectMenuOption[] = CATEGORIES.filter((category) => sheet[category.id] === undefined).map(
      (category) => {
        const points = scoreRoll(dice, category.id, state.rules);
        return { label: `${category.name} · ${points}`, value: category.id, description: category.description };
      },
    );
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: id({ kind: 'score' }),
          placeholder: 'Score these dice in…',
          options,
        },
      ],
    });
  }
  const extras: Row['components'] = [
    { type: ComponentType.Button, custom_id: id({ kind: 'sheet' }), label: 'My sheet', style: ButtonStyle.Secondary },
  ];
  if (settings.hintsEnabled && !computer) {
    extras.unshift({
      type: ComponentType.Button,
      custom_id: id({ kind: 'hint' }),
      label: 'Hint',
      style: ButtonStyle.Secondary,
    });
  }
  rows.push({ type: ComponentType.ActionRow, components: extras });

  return {
    embeds: [
      {
        title: `Crag · round ${state.round}/${ROUNDS}`,
        color: COLOURS.playing,
        description: description.join('\n'),
        footer: { text: `${describeRules(state.rules)} · game #${gameId}` },
      },
    ],
    components: rows,
    allowedMentions: noMentions(),
  };
}
