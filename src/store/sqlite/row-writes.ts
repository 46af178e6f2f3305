import type { RowChanges } from '../row-changes.js';
import type { WriteStatements } from './write-queries.js';

/**
 * Writes a game in play's row changes (see row-changes.ts), inside the transaction that writes its
 * state, so sheet_rows and turn_history never disagree with it: a usual save writes one sheet row
 * and one turn, or nothing. (The save that ends a game writes game-over-writes.ts instead.)
 */
export function writeRowChanges(statements: WriteStatements, gameId: number, changes: RowChanges): void {
  const { sheetRows, clearedSheetRows, newTurns, turnsFrom } = changes;
  sheetRows.rows.forEach((row, index) => {
    const playerId = sheetRows.playerIds[index] as string;
    statements.upsertSheetRow.run(
      gameId,
      playerId,
      row,
      sheetRows.points[index] as number,
      sheetRows.rounds[index] as number,
    );
  });
  clearedSheetRows.rows.forEach((row, index) => {
    statements.deleteSheetRow.run(gameId, clearedSheetRows.playerIds[index] as string, row);
  });
  // Deleted turns all come after the added ones: the two never meet on one row.
  if (turnsFrom !== null) statements.deleteTurnsFrom.run(gameId, turnsFrom);
  newTurns.turns.forEach((turn, index) => {
    statements.insertTurn.run(gameId, turn, newTurns.records[index] as string);
  });
}
