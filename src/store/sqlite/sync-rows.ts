import type { GameState, Sheet } from '../../game/index.js';
import type { Statements } from './statements.js';

/**
 * Keeps sheet_rows and turn_history in step with the state of a game in play. Called inside the
 * transaction that writes the state, so the tables never disagree with it, and `previous` (the state
 * the stored version holds) says what they hold now: a usual save writes one sheet row or none,
 * without reading any. (The save that ends a game writes game-over-writes.ts instead.)
 */
export function syncRows(statements: Statements, gameId: number, state: GameState, previous: GameState | null): void {
  // The engine hands unchanged sheets on as the same object: keeping or rerolling dice writes no row.
  if (state.sheets !== previous?.sheets) syncSheets(statements, gameId, state.sheets, previous?.sheets ?? {});
  if (state.history !== previous?.history) syncHistory(statements, gameId, state, previous?.history.length ?? 0);
}

/** The engine only appends turns: a usual save adds one row or none. */
function syncHistory(statements: Statements, gameId: number, state: GameState, stored: number): void {
  if (state.history.length < stored) statements.deleteTurnsFrom.run(gameId, state.history.length);
  for (let turn = Math.min(stored, state.history.length); turn < state.history.length; turn += 1) {
    statements.insertTurn.run(gameId, turn, JSON.stringify(state.history[turn]));
  }
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
