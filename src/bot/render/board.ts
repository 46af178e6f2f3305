import type {
  APIActionRowComponent,
  APIButtonComponentWithCustomId,
  APIComponentInMessageActionRow,
  APISelectMenuOption,
} from 'discord-api-types/v10';
import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import {
  CATEGORIES,
  currentDice,
  type GameState,
  ROUNDS,
  rerollsLeft,
  scoreRoll,
  sheetTotal,
} from '../../game/index.js';
import { ROW_DESCRIPTION, ROW_NAME } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';
import { type ComponentAction, encodeComponentId } from '../custom-id.js';
import { gameFooter } from './footer.js';
import { COLOURS, dieFace, type MessagePayload, noMentions, playerName } from './message.js';
import type { GameView } from './view.js';

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

function lastMove(state: GameState, tr: Translator): string | undefined {
  const last = state.history[state.history.length - 1];
  if (!last) return undefined;
  return tr.t(last.timedOut ? 'board.last-move-timed-out' : 'board.last-move', {
    player: playerName(last.playerId, tr),
    dice: last.rolls[last.rolls.length - 1]?.map(dieFace).join(' ') ?? '',
    row: tr.t(ROW_NAME[last.category]),
    count: last.points,
  });
}

function scoreboard(state: GameState, tr: Translator): string[] {
  return state.seats.map((seat, i) => {
    const sheet = state.sheets[seat.playerId] ?? {};
    const marker = i === state.currentSeat ? '▶' : '·';
    const line = `${marker} ${playerName(seat.playerId, tr)} **${tr.integer(sheetTotal(sheet))}**`;
    return seat.left ? `${line} ${tr.t('standing.left')}` : line;
  });
}

export function renderBoard(view: GameView, tr: Translator): MessagePayload {
  const { gameId, state, settings, turnDeadline } = view;
  const seat = state.seats[state.currentSeat];
  const turn = state.turn;
  if (!seat || !turn) throw new Error(`game ${gameId} is playing but has no turn`);
  const dice = currentDice(turn);
  const left = rerollsLeft(state);
  const id = (action: ComponentAction) => encodeComponentId({ gameId, version: state.version, action });
  const computer = seat.computer !== null;
  const player = playerName(seat.playerId, tr);

  const diceLine = dice.map((d, i) => (turn.keep[i] && left > 0 ? `[${dieFace(d)}]` : dieFace(d))).join('  ');
  const timer = turnDeadline !== null && !computer ? ` · ⏱ <t:${Math.ceil(turnDeadline / 1000)}:R>` : '';
  const whose = tr.t(computer ? 'board.computer-playing' : 'board.your-turn', { player });
  const rerollText = tr.t('board.rerolls-left', { count: left });
  const description = [`${whose} · ${rerollText}${timer}`, `# ${diceLine}`, ...scoreboard(state, tr)];
  const move = lastMove(state, tr);
  if (move) description.push('', move);

  const rows: Row[] = [];
  const dieButtons = dice.map((d, i): APIButtonComponentWithCustomId => {
    const kept = turn.keep[i] ?? false;
    return {
      type: ComponentType.Button,
      custom_id: id({ kind: 'keep', die: i as 0 | 1 | 2 }),
      label: tr.t(kept ? 'board.die-kept' : 'board.die', { face: dieFace(d), value: d }),
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
        label: left > 0 ? tr.t('board.reroll', { count: left }) : tr.t('board.no-rerolls'),
        style: ButtonStyle.Primary,
        disabled: computer || left <= 0 || turn.keep.every(Boolean),
      },
    ],
  });
  if (!computer) {
    const sheet = state.sheets[seat.playerId] ?? {};
    const options: APISelectMenuOption[] = CATEGORIES.filter((category) => sheet[category.id] === undefined).map(
      (category) => ({
        label: tr.t('board.row-option', {
          row: tr.t(ROW_NAME[category.id]),
          points: scoreRoll(dice, category.id, state.rules),
        }),
        value: category.id,
        description: tr.t(ROW_DESCRIPTION[category.id]),
      }),
    );
    rows.push({
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: id({ kind: 'score' }),
          placeholder: tr.t('board.row-placeholder'),
          options,
        },
      ],
    });
  }
  const extras: Row['components'] = [
    {
      type: ComponentType.Button,
      custom_id: id({ kind: 'sheet' }),
      label: tr.t('board.my-sheet'),
      style: ButtonStyle.Secondary,
    },
  ];
  if (settings.hintsEnabled && !computer) {
    extras.unshift({
      type: ComponentType.Button,
      custom_id: id({ kind: 'hint' }),
      label: tr.t('board.hint'),
      style: ButtonStyle.Secondary,
    });
  }
  rows.push({ type: ComponentType.ActionRow, components: extras });

  return {
    embeds: [
      {
        title: tr.t('board.title', { round: state.round, rounds: ROUNDS }),
        color: COLOURS.playing,
        description: description.join('\n'),
        footer: { text: gameFooter(view, tr) },
      },
    ],
    components: rows,
    allowedMentions: noMentions(),
  };
}
