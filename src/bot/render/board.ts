import {
  type APIButtonComponentWithCustomId,
  type APISelectMenuOption,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import {
  CATEGORIES,
  type CategoryId,
  currentDice,
  type Die,
  type GameState,
  ROUNDS,
  rerollsLeft,
  scoreRoll,
  sheetTotal,
} from '../../game/index.js';
import { describeRow, ROW_NAME } from '../../i18n/game-terms.js';
import type { Translator } from '../../i18n/index.js';
import { encodeBringBackId } from '../bring-back-id.js';
import { type ComponentAction, encodeComponentId } from '../custom-id.js';
import { type DiceFaces, diceText } from './dice-faces.js';
import { gameFooter } from './footer.js';
import { button, COLOURS, divider, layoutMessage, type MessagePayload, row, text } from './message.js';
import { playerName, playerWithMention } from './names.js';
import { PART } from './parts.js';
import type { GameView } from './view.js';

function lastMove(state: GameState, tr: Translator, faces: DiceFaces): string | undefined {
  const last = state.history[state.history.length - 1];
  if (!last) return undefined;
  return tr.t(last.timedOut ? 'board.last-move-timed-out' : 'board.last-move', {
    player: playerName(state, last.playerId, tr),
    dice: diceText(last.rolls[last.rolls.length - 1] ?? [], faces),
    row: tr.t(ROW_NAME[last.category]),
    count: last.points,
  });
}

/** One line per seat: ▶ marks the seat to act (readers find the turn by it), then name and total. */
function scoreboard(state: GameState, tr: Translator): string {
  return state.seats
    .map((seat, i) => {
      const sheet = state.sheets[seat.playerId] ?? {};
      const marker = i === state.currentSeat ? '▶' : '·';
      const line = `${marker} ${playerName(state, seat.playerId, tr)} **${tr.integer(sheetTotal(sheet))}**`;
      return seat.left ? `${line} ${tr.t('standing.left')}` : line;
    })
    .join('\n');
}

/**
 * A die's button. With the application's emojis the face is the emoji alone, so three dice fit one
 * row even on a phone; a kept die is green and marked ✓ (never colour alone). Without them the
 * face and its value are the label.
 */
function dieButton(die: Die, kept: boolean, customId: string, disabled: boolean, faces: DiceFaces, tr: Translator) {
  const face = faces[die];
  const style = kept ? ButtonStyle.Success : ButtonStyle.Secondary;
  const dieButton: APIButtonComponentWithCustomId = face.emoji
    ? {
        type: ComponentType.Button,
        custom_id: customId,
        emoji: face.emoji,
        style,
        ...(kept ? { label: tr.t('board.die-kept-mark') } : {}),
      }
    : button(customId, tr.t(kept ? 'board.die-kept' : 'board.die', { face: face.text, value: die }), style);
  return disabled ? { ...dieButton, disabled } : dieButton;
}

/**
 * The board during play. Rows of controls are planned for Discord's phone client, which wraps the
 * buttons of a row that does not fit: the three dice alone in a row, Reroll alone in the next, then
 * the menu of rows, then Hint and My sheet, whose wrapping would leave the order readable.
 */
export function renderBoard(view: GameView, tr: Translator, faces: DiceFaces): MessagePayload {
  const { gameId, state, settings, turnDeadline } = view;
  const seat = state.seats[state.currentSeat];
  const turn = state.turn;
  if (!seat || !turn) throw new Error(`game ${gameId} is playing but has no turn`);
  const dice = currentDice(turn);
  const left = rerollsLeft(state);
  const id = (action: ComponentAction) => encodeComponentId({ gameId, version: state.version, action });
  const computer = seat.computer !== null;

  const timer = turnDeadline !== null && !computer ? ` · ⏱ <t:${Math.ceil(turnDeadline / 1000)}:R>` : '';
  const whose = computer
    ? tr.t('board.computer-playing', { player: playerName(state, seat.playerId, tr) })
    : tr.t('board.your-turn', { player: playerWithMention(state, seat.playerId, tr) });
  const move = lastMove(state, tr, faces);

  const dieButtons = dice.map((die, i) =>
    dieButton(die, turn.keep[i] ?? false, id({ kind: 'keep', die: i as 0 | 1 | 2 }), computer || left <= 0, faces, tr),
  );
  const reroll = button(
    id({ kind: 'reroll' }),
    left > 0 ? tr.t('board.reroll', { count: left }) : tr.t('board.no-rerolls'),
    ButtonStyle.Primary,
    computer || left <= 0 || turn.keep.every(Boolean),
  );
  const extras = [button(id({ kind: 'sheet' }), tr.t('board.my-sheet'), ButtonStyle.Secondary)];
  if (settings.hintsEnabled && !computer)
    extras.unshift(button(id({ kind: 'hint' }), tr.t('board.hint'), ButtonStyle.Secondary));

  return layoutMessage(computer ? COLOURS.waiting : COLOURS.playing, [
    text(`### ${tr.t('board.title', { round: state.round, rounds: ROUNDS })}`, PART.title),
    text(`${whose} · ${tr.t('board.rerolls-left', { count: left })}${timer}`, PART.turn),
    text(`# ${diceText(dice, faces)}`, PART.dice),
    row(...dieButtons),
    row(reroll),
    computer ? undefined : row(rowMenu(state, seat.playerId, dice, id({ kind: 'score' }), tr)),
    row(...extras),
    ...(view.waiting ? waitingParts(gameId, tr) : []),
    divider(),
    text(scoreboard(state, tr), PART.scoreboard),
    move === undefined ? undefined : text(move, PART.lastMove),
    text(`-# ${gameFooter(view, tr)}`, PART.footer),
  ]);
}

/** A board about to wait for a press: why, and the control anyone at the table may press to go on. */
function waitingParts(gameId: number, tr: Translator) {
  return [
    text(tr.t('board.waiting'), PART.waiting),
    row(button(encodeBringBackId(gameId), tr.t('board.bring-back'), ButtonStyle.Primary)),
  ];
}

/**
 * A row's option in the menu, with the points these dice would score there, remembered per language
 * (at most 13 rows × 51 points each): every click's board lists up to thirteen of them, and their
 * three templates were filled afresh each time, for the same few hundred texts.
 */
const rowOptions = new WeakMap<Translator, Map<CategoryId, Map<number, Readonly<APISelectMenuOption>>>>();

function rowOption(category: CategoryId, points: number, tr: Translator): Readonly<APISelectMenuOption> {
  let byCategory = rowOptions.get(tr);
  if (byCategory === undefined) {
    byCategory = new Map();
    rowOptions.set(tr, byCategory);
  }
  let byPoints = byCategory.get(category);
  if (byPoints === undefined) {
    byPoints = new Map();
    byCategory.set(category, byPoints);
  }
  let option = byPoints.get(points);
  if (option === undefined) {
    option = Object.freeze({
      label: tr.t('board.row-option', { row: tr.t(ROW_NAME[category]), points }),
      value: category,
      description: describeRow(category, tr),
    });
    byPoints.set(points, option);
  }
  return option;
}

/** The open rows of the player to act, each with what these dice would score there. */
function rowMenu(state: GameState, playerId: string, dice: readonly Die[], customId: string, tr: Translator) {
  const sheet = state.sheets[playerId] ?? {};
  const options: Readonly<APISelectMenuOption>[] = [];
  for (const { id } of CATEGORIES) {
    if (sheet[id] === undefined) options.push(rowOption(id, scoreRoll(dice, id, state.rules), tr));
  }
  return {
    type: ComponentType.StringSelect,
    custom_id: customId,
    placeholder: tr.t('board.row-placeholder'),
    options,
  } as const;
}
