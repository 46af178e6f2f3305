import {
  CATEGORY_IDS,
  COMPUTER_LEVELS,
  currentDice,
  currentPlayerId,
  parseComputerPlayerId,
  ROUNDS,
  rerollsLeft,
  scoreRoll,
  sheetTotal,
  standings,
} from '../game/index.js';
import { COMPUTER_NAME, describeRow, ROW_NAME } from '../i18n/game-terms.js';
import type { MessageKey, Translator } from '../i18n/index.js';
import type { StoredGame } from '../store/index.js';
import type { TableView } from './protocol.js';

/** The page's labels, sent already translated (catalogue keys `activity.…`, named here whole). */
const LABEL_KEYS: Readonly<Record<string, MessageKey>> = {
  title: 'activity.title',
  connecting: 'activity.connecting',
  'no-game': 'activity.no-game',
  'new-game': 'activity.new-game',
  lobby: 'activity.lobby',
  join: 'activity.join',
  leave: 'activity.leave',
  start: 'activity.start',
  'waiting-for-host': 'activity.waiting-for-host',
  roll: 'activity.roll',
  'rolls-left': 'activity.rolls-left',
  'keep-hint': 'activity.keep-hint',
  'your-turn': 'activity.your-turn',
  'their-turn': 'activity.their-turn',
  spectating: 'activity.spectating',
  round: 'activity.round',
  total: 'activity.total',
  'would-score': 'activity.would-score',
  final: 'activity.final',
  'play-again': 'activity.play-again',
  cancelled: 'activity.cancelled',
  kept: 'activity.kept',
};

/** How the page names a player: a computer by its label, a person by the name on their seat. */
function seatName(game: StoredGame, playerId: string, tr: Translator): string {
  const computer = parseComputerPlayerId(playerId);
  if (computer && COMPUTER_LEVELS.includes(computer.level)) {
    return tr.t(COMPUTER_NAME[computer.level], { number: computer.n });
  }
  return game.state.seats.find((seat) => seat.playerId === playerId)?.name ?? playerId;
}

/**
 * The table as one viewer sees it: what the store holds, in their language. Pure, so that what
 * every socket is sent follows from the stored game alone.
 */
export function tableView(game: StoredGame | undefined, viewerId: string, tr: Translator): TableView {
  const text: Record<string, string> = {};
  for (const [name, key] of Object.entries(LABEL_KEYS)) text[name] = tr.t(key);
  const you = { id: viewerId, seated: false, host: false, yourTurn: false };
  if (!game) {
    return {
      gameId: null,
      version: 0,
      status: 'none',
      you,
      seats: [],
      round: 0,
      rounds: ROUNDS,
      dice: [],
      kept: [],
      rerollsLeft: 0,
      sheetOf: null,
      rows: [],
      standings: [],
      text,
    };
  }
  const { state } = game;
  const current = currentPlayerId(state);
  const seated = state.seats.some((seat) => seat.playerId === viewerId && !seat.left);
  const dice = state.turn ? [...currentDice(state.turn)] : [];
  // While playing, everyone follows the sheet being filled in; otherwise a player sees their own.
  const sheetOf =
    state.status === 'playing' ? (current ?? null) : seated ? viewerId : (state.seats[0]?.playerId ?? null);
  const sheet = sheetOf ? (state.sheets[sheetOf] ?? {}) : {};
  const previewing = state.status === 'playing' && dice.length === 3;
  if (current) text['turn-of'] = tr.t('activity.turn-of', { player: seatName(game, current, tr) });
  return {
    gameId: game.id,
    version: state.version,
    status: state.status,
    you: { id: viewerId, seated, host: state.hostId === viewerId, yourTurn: current === viewerId },
    seats: state.seats.map((seat) => ({
      playerId: seat.playerId,
      name: seatName(game, seat.playerId, tr),
      total: sheetTotal(state.sheets[seat.playerId] ?? {}),
      isComputer: seat.computer !== null,
      left: seat.left,
      current: seat.playerId === current,
    })),
    round: state.round,
    rounds: ROUNDS,
    dice,
    kept: state.turn ? [...state.turn.keep] : [],
    rerollsLeft: rerollsLeft(state),
    sheetOf,
    rows: CATEGORY_IDS.map((id) => {
      const entry = sheet[id];
      return {
        id,
        name: tr.t(ROW_NAME[id]),
        description: describeRow(id, tr),
        points: entry ? entry.points : null,
        preview: previewing && !entry ? scoreRoll(dice, id, state.rules) : null,
      };
    }),
    standings:
      state.status === 'finished'
        ? standings(state).map((standing) => ({
            place: standing.place,
            name: seatName(game, standing.playerId, tr),
            total: standing.total,
          }))
        : [],
    text,
  };
}
