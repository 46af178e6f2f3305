import { deserializeGame, type GameState, type SheetEntry, type TurnRecord } from '../game/index.js';
import type { EndedGame } from './game-over.js';
import { readPackedGame } from './packed-game.js';
import type { StoredGame } from './types.js';

/** A `games` row without the state JSON, as every backend's SQL returns it (SQLite's booleans are 0 and 1). */
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
  hints_enabled: boolean | number;
  pings_enabled: boolean | number;
  ping_message_id: string | null;
  turn_deadline: number | null;
  updated_at: number;
  last_action_at: number;
  via_webhooks: boolean | number;
}

/**
 * A whole `games` row. A backend that reads a game's sheet rows and turns in the same query (as JSON
 * arrays: PostgreSQL's json_agg) returns them in `sheets` and `history`; one that reads them apart
 * leaves those out and reads them in `StoreBackend.playRows`.
 */
export interface GameRow extends GameMetaRow {
  state: string;
  /** [player, row, points, round] per filled row; null when none is. */
  sheets?: string | null;
  /** The turn records in order; null when no turn has finished. */
  history?: string | null;
}

/** One filled row of a sheet, as the sheet_rows table holds it. */
export type SheetRowTuple = readonly [playerId: string, row: string, points: number, round: number];

/** What a game in play keeps in tables of its own: its sheets' filled rows and its turns, in order. */
export interface PlayRows {
  readonly sheetRows: readonly SheetRowTuple[];
  readonly turns: readonly TurnRecord[];
}

/** The play rows a backend aggregated into the game's row as JSON (see GameRow). */
export function aggregatedPlayRows(row: GameRow): PlayRows {
  return {
    sheetRows: JSON.parse(row.sheets ?? '[]') as SheetRowTuple[],
    turns: JSON.parse(row.history ?? '[]') as TurnRecord[],
  };
}

/**
 * A game's state as stored: a packed state whole (a game that is over), or a state JSON with its
 * sheets and turns put back from their rows, which `playRows` reads only then.
 */
export function gameStateOf(row: Pick<GameRow, 'state'>, playRows: () => PlayRows): GameState {
  const packed = readPackedGame(row.state);
  if (packed) return packed;
  const state = deserializeGame(row.state);
  const { sheetRows, turns } = playRows();
  // Every seat has a sheet, empty until its first row is scored.
  const sheets: Record<string, Record<string, SheetEntry>> = {};
  for (const seat of state.seats) sheets[seat.playerId] = {};
  for (const [playerId, rowId, points, round] of sheetRows) {
    const sheet = sheets[playerId];
    if (sheet) sheet[rowId] = { points, round };
  }
  return { ...state, sheets, history: [...turns] };
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
    hintsEnabled: Boolean(row.hints_enabled),
    pingsEnabled: Boolean(row.pings_enabled),
    pingMessageId: row.ping_message_id,
    turnDeadline: row.turn_deadline,
    updatedAt: row.updated_at,
    lastActionAt: row.last_action_at,
    viaWebhooks: Boolean(row.via_webhooks),
    state,
  };
}

/** The game a row holds, as its end is written: it counts in the periods of its last action. */
export function endedGame(row: GameMetaRow): EndedGame {
  return { id: row.id, guildId: row.guild_id, seriesId: row.series_id, finishedAt: row.last_action_at };
}
