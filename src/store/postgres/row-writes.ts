import { metaColumns } from './game-rows.js';
import type { RowChanges } from './row-changes.js';

/** A statement for pg: named, so each connection parses and plans each shape once. */
export interface Statement {
  readonly name: string;
  readonly text: string;
  readonly values: unknown[];
}

/** Numbers a statement's parameters as its parts are added. */
class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

/** The kinds of row a statement writes; the rest a transaction writes after it. */
interface Included {
  /** Sheet rows and turns. */
  readonly play: boolean;
  readonly seats: boolean;
  readonly results: boolean;
}

/**
 * The row writes of `changes` as data-modifying CTEs over `target`, the CTE that writes the game's
 * row and returns its id. They write only for the row `target` returns, so when its version check
 * refuses the save the whole statement writes nothing. One statement is one transaction and one
 * round trip. Only non-empty parts are added; `key` names the shape for the prepared statement.
 */
function rowWrites(changes: RowChanges, params: Parameters, included: Included): { ctes: string[]; key: string } {
  const ctes: string[] = [];
  let key = '';
  const part = (flag: string, present: boolean, cte: () => string) => {
    key += present ? flag : '-';
    if (present) ctes.push(cte());
  };
  const { sheetRows, clearedSheetRows, newTurns, newSeats, newResults } = changes;
  part('s', included.play && sheetRows.rows.length > 0, () => {
    const rows = `unnest(${params.add(sheetRows.playerIds, 'text[]')}, ${params.add(sheetRows.rows, 'text[]')},
      ${params.add(sheetRows.points, 'int[]')}, ${params.add(sheetRows.rounds, 'int[]')}) AS s(player_id, row, points, round)`;
    return `sheet_rows_set AS (
      INSERT INTO sheet_rows (game_id, player_id, row, points, round)
      SELECT target.id, s.player_id, s.row, s.points, s.round FROM target, ${rows}
      ON CONFLICT (game_id, player_id, row) DO UPDATE SET points = excluded.points, round = excluded.round)`;
  });
  part('c', included.play && clearedSheetRows.rows.length > 0, () => {
    const rows = `unnest(${params.add(clearedSheetRows.playerIds, 'text[]')}, ${params.add(clearedSheetRows.rows, 'text[]')}) AS s(player_id, row)`;
    return `sheet_rows_cleared AS (
      DELETE FROM sheet_rows r USING target, ${rows}
      WHERE r.game_id = target.id AND r.player_id = s.player_id AND r.row = s.row)`;
  });
  // Deleted turns all come after the added ones: the two never meet on one row.
  part('d', included.play && changes.turnsFrom !== null, () => {
    return `turns_dropped AS (
      DELETE FROM turn_history h USING target WHERE h.game_id = target.id AND h.turn >= ${params.add(changes.turnsFrom, 'int')})`;
  });
  part('t', included.play && newTurns.turns.length > 0, () => {
    const turns = `unnest(${params.add(newTurns.turns, 'int[]')}, ${params.add(newTurns.records, 'json[]')}) AS h(turn, record)`;
    return `turns_added AS (
      INSERT INTO turn_history (game_id, turn, record) SELECT target.id, h.turn, h.record FROM target, ${turns})`;
  });
  part('e', included.seats && newSeats.indexes.length > 0, () => {
    const seats = `unnest(${params.add(newSeats.indexes, 'int[]')}, ${params.add(newSeats.playerIds, 'text[]')},
      ${params.add(newSeats.computers, 'text[]')}) AS e(seat_index, player_id, computer_level)`;
    return `seats_added AS (
      INSERT INTO game_seats (game_id, seat_index, player_id, computer_level)
      SELECT target.id, e.seat_index, e.player_id, e.computer_level FROM target, ${seats})`;
  });
  part('r', included.results && newResults.playerIds.length > 0, () => {
    const results = `unnest(${params.add(newResults.playerIds, 'text[]')}, ${params.add(newResults.totals, 'int[]')},
      ${params.add(newResults.places, 'int[]')}, ${params.add(newResults.computers, 'bool[]')},
      ${params.add(newResults.rerolls, 'int[]')}) AS r(player_id, total, place, is_computer, rerolls)`;
    return `results_added AS (
      INSERT INTO game_results (game_id, player_id, total, place, is_computer, rerolls)
      SELECT target.id, r.player_id, r.total, r.place, r.is_computer, r.rerolls FROM target, ${results})`;
  });
  return { ctes, key };
}

/** Seats and results already stored can only be replaced by a delete before the insert: another statement. */
export function needsRewrite(changes: RowChanges): boolean {
  return changes.seatsRewritten || changes.resultsRewritten;
}

function statement(name: string, ctes: readonly string[], select: string, params: Parameters): Statement {
  return { name, text: `WITH ${ctes.join(',\n')}\n${select}`, values: params.values };
}

export interface StateWrite {
  readonly gameId: number;
  readonly expectedVersion: number;
  readonly state: string;
  readonly version: number;
  readonly status: string;
  readonly turnDeadline: number | null;
  /** Left out (undefined) keeps the stored one, which another process may have set since this one read the game. */
  readonly boardMessageId: string | null | undefined;
  readonly now: number;
}

/**
 * A save: the state row, written only over `expectedVersion` (checked by the UPDATE itself, so two
 * processes can never both apply a click), with its row writes. Returns the row's board message, or
 * no row when the version check refused the save and nothing was written. Seats and results that
 * must be replaced are left to `rewriteStatements`, in the same transaction.
 */
export function saveStatement(write: StateWrite, changes: RowChanges): Statement {
  const params = new Parameters();
  const target = `target AS (
    UPDATE games SET state = ${params.add(write.state, 'json')}, state_version = ${params.add(write.version, 'int')},
      status = ${params.add(write.status, 'text')}, turn_deadline = ${params.add(write.turnDeadline, 'bigint')},
      board_message_id = CASE WHEN ${params.add(write.boardMessageId !== undefined, 'bool')}
        THEN ${params.add(write.boardMessageId ?? null, 'text')} ELSE board_message_id END,
      updated_at = ${params.add(write.now, 'bigint')}, last_action_at = ${params.add(write.now, 'bigint')}
    WHERE id = ${params.add(write.gameId, 'bigint')} AND state_version = ${params.add(write.expectedVersion, 'int')}
    RETURNING id, board_message_id)`;
  const { ctes, key } = rowWrites(changes, params, {
    play: true,
    seats: !changes.seatsRewritten,
    results: !changes.resultsRewritten,
  });
  return statement(`crag_save_${key}`, [target, ...ctes], 'SELECT board_message_id FROM target', params);
}

export interface GameInsert {
  readonly guildId: string;
  readonly channelId: string;
  readonly seriesId: number;
  readonly boardMessageId: string | null;
  readonly status: string;
  readonly rules: string;
  readonly state: string;
  readonly version: number;
  readonly turnTimerSeconds: number;
  readonly hintsEnabled: boolean;
  readonly pingsEnabled: boolean;
  readonly turnDeadline: number | null;
  readonly now: number;
}

/**
 * A new game with all its rows, unless the channel has an active game already: then the partial
 * unique index turns the INSERT into nothing, and the statement returns no row and writes nothing.
 */
export function createStatement(game: GameInsert, changes: RowChanges): Statement {
  const params = new Parameters();
  const seriesId = params.add(game.seriesId, 'bigint');
  const now = params.add(game.now, 'bigint');
  const target = `target AS (
    INSERT INTO games (guild_id, channel_id, series_id, series_game_number, board_message_id, status, rules, state,
      state_version, turn_timer_seconds, hints_enabled, pings_enabled, turn_deadline, created_at, updated_at,
      last_action_at)
    VALUES (${params.add(game.guildId, 'text')}, ${params.add(game.channelId, 'text')}, ${seriesId},
      (SELECT COALESCE(MAX(series_game_number), 0) + 1 FROM games WHERE series_id = ${seriesId}),
      ${params.add(game.boardMessageId, 'text')}, ${params.add(game.status, 'text')}, ${params.add(game.rules, 'json')},
      ${params.add(game.state, 'json')}, ${params.add(game.version, 'int')}, ${params.add(game.turnTimerSeconds, 'int')},
      ${params.add(game.hintsEnabled, 'bool')}, ${params.add(game.pingsEnabled, 'bool')},
      ${params.add(game.turnDeadline, 'bigint')}, ${now}, ${now}, ${now})
    ON CONFLICT (channel_id) WHERE status IN ('lobby', 'playing') DO NOTHING
    RETURNING ${metaColumns()})`;
  const { ctes, key } = rowWrites(changes, params, { play: true, seats: true, results: true });
  return statement(`crag_create_${key}`, [target, ...ctes], `SELECT ${metaColumns()} FROM target`, params);
}

/**
 * The seats and results a save replaces, after `saveStatement` succeeded in the same transaction:
 * first the stored ones are deleted, then the new ones inserted. Rare: someone leaving the lobby, or
 * a finished game saved again.
 */
export function rewriteStatements(gameId: number, changes: RowChanges): Statement[] {
  const deletes = new Parameters();
  const id = deletes.add(gameId, 'bigint');
  const removed = [
    ...(changes.seatsRewritten ? [`seats_removed AS (DELETE FROM game_seats WHERE game_id = ${id})`] : []),
    ...(changes.resultsRewritten ? [`results_removed AS (DELETE FROM game_results WHERE game_id = ${id})`] : []),
  ];
  const inserts = new Parameters();
  const target = `target AS (SELECT ${inserts.add(gameId, 'bigint')} AS id)`;
  const { ctes, key } = rowWrites(changes, inserts, {
    play: false,
    seats: changes.seatsRewritten,
    results: changes.resultsRewritten,
  });
  const flags = `${changes.seatsRewritten ? 'e' : '-'}${changes.resultsRewritten ? 'r' : '-'}`;
  const statements = [statement(`crag_remove_${flags}`, removed, 'SELECT 1', deletes)];
  if (ctes.length > 0) statements.push(statement(`crag_rewrite_${key}`, [target, ...ctes], 'SELECT 1', inserts));
  return statements;
}
