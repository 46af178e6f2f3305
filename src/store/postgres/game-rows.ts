import { deserializeGame, type GameState, type SheetEntry, type TurnRecord } from '../../game/index.js';
import { readPackedGame } from '../packed-game.js';
import type { StoredGame } from '../types.js';

/** A `games` row without the state JSON (what createGame's INSERT returns). */
export interface GameMetaRow {
  id: number;
  guild_id: string;
  channel_id: string;
  series_id: number;
  series_game_number: number;
  board_message_id: string | null;
  status: string;
  state_version: number;
  turn_timer_seconds: number;
  hints_enabled: boolean;
  pings_enabled: boolean;
  ping_message_id: string | null;
  turn_deadline: number | null;
  created_at: number;
  updated_at: number;
  last_action_at: number;
}

/** A whole game as GAME_SELECT reads it: the row, and its sheet rows and turns as JSON arrays. */
export interface GameRow extends GameMetaRow {
  state: string;
  /** [player, row, points, round] per filled row; null when none is. */
  sheets: string | null;
  /** The turn records in order; null when no turn has finished. */
  history: string | null;
}

export function metaColumns(alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return [
    'id',
    'guild_id',
    'channel_id',
    'series_id',
    'series_game_number',
    'board_message_id',
    'status',
    'state_version',
    'turn_timer_seconds',
    'hints_enabled',
    'pings_enabled',
    'ping_message_id',
    'turn_deadline',
    'created_at',
    'updated_at',
    'last_action_at',
  ]
    .map((column) => prefix + column)
    .join(', ');
}

/** Whole games, their sheets and turns aggregated in the same query: one round trip per game read. */
export const GAME_SELECT = `
  SELECT ${metaColumns('g')}, g.state,
    (SELECT json_agg(json_build_array(s.player_id, s.row, s.points, s.round) ORDER BY s.round, s.row)
       FROM sheet_rows s WHERE s.game_id = g.id) AS sheets,
    (SELECT json_agg(h.record ORDER BY h.turn) FROM turn_history h WHERE h.game_id = g.id) AS history
  FROM games g`;

type SheetRowJson = [playerId: string, row: string, points: number, round: number];

/** A game as stored: a packed state whole, or a state JSON with its sheets and turns put back. */
export function gameFromRow(row: GameRow): StoredGame {
  const packed = readPackedGame(row.state);
  if (packed) return toStoredGame(row, packed);
  const state = deserializeGame(row.state);
  // Every seat has a sheet, empty until its first row is scored.
  const sheets: Record<string, Record<string, SheetEntry>> = {};
  for (const seat of state.seats) sheets[seat.playerId] = {};
  for (const [playerId, rowId, points, round] of JSON.parse(row.sheets ?? '[]') as SheetRowJson[]) {
    const sheet = sheets[playerId];
    if (sheet) sheet[rowId] = { points, round };
  }
  const history = JSON.parse(row.history ?? '[]') as TurnRecord[];
  return toStoredGame(row, { ...state, sheets, history });
}

export function toStoredGame(row: GameMetaRow, state: GameState): StoredGame {
  return {
    id: row.id,
    guildId: row.guild_id,
    channelId: row.channel_id,
    seriesId: row.series_id,
    seriesGameNumber: row.series_game_number,
    boardMessageId: row.board_message_id,
    turnTimerSeconds: row.turn_timer_seconds,
    hintsEnabled: row.hints_enabled,
    pingsEnabled: row.pings_enabled,
    pingMessageId: row.ping_message_id,
    turnDeadline: row.turn_deadline,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastActionAt: row.last_action_at,
    state,
  };
}
