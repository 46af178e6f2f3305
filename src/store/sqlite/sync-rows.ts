import { type GameState, type Sheet, standings } from '../../game/index.js';
import type { Statements } from './statements.js';

/**
 * Keeps game_seats, sheet_rows and game_results in step with a game's state. Called inside the
 * transaction that writes the state, so the tables never disagree with it, and `previous` (the state
 * the stored version holds) says what they hold now: a usual save writes one sheet row or none,
 * without reading any.
 */
export function syncRows(statements: Statements, gameId: number, state: GameState, previous: GameState | null): void {
  const previousStatus = previous?.status ?? null;
  // Seats are taken and given up only in the lobby; later a leaver keeps their seat (marked left).
  if (previousStatus === null || previousStatus === 'lobby') syncSeats(statements, gameId, state);
  // The engine hands unchanged sheets on as the same object: keeping or rerolling dice writes no row.
  if (state.sheets !== previous?.sheets) syncSheets(statements, gameId, state.sheets, previous?.sheets ?? {});
  if (state.history !== previous?.history) syncHistory(statements, gameId, state, previous?.history.length ?? 0);
  if (state.status === 'finished' || previousStatus === 'finished') syncResults(statements, gameId, state);
}

/** The engine only appends turns: a usual save adds one row or none. */
function syncHistory(statements: Statements, gameId: number, state: GameState, stored: number): void {
  if (state.history.length < stored) statements.deleteTurnsFrom.run(gameId, state.history.length);
  for (let turn = Math.min(stored, state.history.length); turn < state.history.length; turn += 1) {
    statements.insertTurn.run(gameId, turn, JSON.stringify(state.history[turn]));
  }
}

function syncSeats(statements: Statements, gameId: number, state: GameState): void {
  const stored = statements.seatsOf.all(gameId);
  const same =
    stored.length === state.seats.length &&
    stored.every(
      (row, index) =>
        row.seat_index === index &&
        row.player_id === state.seats[index]?.playerId &&
        row.computer_level === state.seats[index]?.computer,
    );
  if (same) return;
  statements.deleteSeats.run(gameId);
  state.seats.forEach((seat, index) => {
    statements.insertSeat.run(gameId, index, seat.playerId, seat.computer);
  });
}

/** Writes the rows that differ from `stored`; sheets the engine handed on unchanged are skipped whole. */
function syncSheets(
  statements: Statements,
  gameId: number,
  sheets: GameState['sheets'],
  stored: GameState['sheets'],
): void {
  for (const [playerId, sheet] of Object.entries(sheets)) {
    const before = stored[playerId] ?? {};
    if (sheet !== before) syncSheet(statements, gameId, playerId, sheet, before);
  }
  // Players who left the lobby take their (empty) sheets with them; exact all the same.
  for (const [playerId, before] of Object.entries(stored)) {
    if (!(playerId in sheets)) syncSheet(statements, gameId, playerId, {}, before);
  }
}

function syncSheet(statements: Statements, gameId: number, playerId: string, sheet: Sheet, before: Sheet): void {
  for (const [row, entry] of Object.entries(sheet) as [keyof Sheet, Sheet[keyof Sheet]][]) {
    const was = before[row];
    if (!entry || (was?.points === entry.points && was.round === entry.round)) continue;
    statements.upsertSheetRow.run(gameId, playerId, row, entry.points, entry.round);
  }
  for (const row of Object.keys(before) as (keyof Sheet)[]) {
    if (sheet[row] === undefined) statements.deleteSheetRow.run(gameId, playerId, row);
  }
}

/** Results exist exactly when the game finished; a cancelled game counts for nobody. */
function syncResults(statements: Statements, gameId: number, state: GameState): void {
  statements.deleteResults.run(gameId);
  if (state.status !== 'finished') return;
  for (const standing of standings(state)) {
    statements.insertResult.run(
      gameId,
      standing.playerId,
      standing.total,
      standing.place,
      standing.computer === null ? 0 : 1,
      state.rules.rerolls,
    );
  }
}
