import type { GameState, Sheet } from '../game/index.js';

/**
 * What a save of a game in play writes beside the state row so that sheet_rows and turn_history stay
 * in step with the state. Worked out in memory from `previous` (the state the stored version holds,
 * which the tables match), without reading any row, with each kind of row as parallel columns (the
 * way PostgreSQL's unnest() takes them): a usual click writes one sheet row and one turn, or nothing
 * at all. Each backend's row-writes.ts writes them. (The save that ends a game writes its results
 * instead: see game-over.ts.)
 */
export interface RowChanges {
  /** Rows to insert or overwrite. */
  readonly sheetRows: { playerIds: string[]; rows: string[]; points: number[]; rounds: number[] };
  /** Rows the state no longer has (players who left the lobby take their empty sheets along). */
  readonly clearedSheetRows: { playerIds: string[]; rows: string[] };
  readonly newTurns: { turns: number[]; records: string[] };
  /** Turns from this index on are deleted (the history got shorter); null when none are. */
  readonly turnsFrom: number | null;
}

export function rowChanges(state: GameState, previous: GameState | null): RowChanges {
  const changes: RowChanges = {
    sheetRows: { playerIds: [], rows: [], points: [], rounds: [] },
    clearedSheetRows: { playerIds: [], rows: [] },
    newTurns: { turns: [], records: [] },
    turnsFrom: null,
  };
  // The engine hands unchanged sheets on as the same object: keeping or rerolling dice writes no row.
  if (state.sheets !== previous?.sheets) sheetChanges(changes, state.sheets, previous?.sheets ?? {});
  const turnsFrom =
    state.history !== previous?.history ? turnChanges(changes, state, previous?.history.length ?? 0) : null;
  return { ...changes, turnsFrom };
}

/** Sheets the engine handed on unchanged are skipped whole; in the others, only rows that differ. */
function sheetChanges(changes: RowChanges, sheets: GameState['sheets'], stored: GameState['sheets']): void {
  for (const [playerId, sheet] of Object.entries(sheets)) {
    const before = stored[playerId] ?? {};
    if (sheet !== before) sheetRowChanges(changes, playerId, sheet, before);
  }
  for (const [playerId, before] of Object.entries(stored)) {
    if (!(playerId in sheets)) sheetRowChanges(changes, playerId, {}, before);
  }
}

function sheetRowChanges(changes: RowChanges, playerId: string, sheet: Sheet, before: Sheet): void {
  for (const [row, entry] of Object.entries(sheet) as [keyof Sheet, Sheet[keyof Sheet]][]) {
    const was = before[row];
    if (!entry || (was?.points === entry.points && was.round === entry.round)) continue;
    changes.sheetRows.playerIds.push(playerId);
    changes.sheetRows.rows.push(row);
    changes.sheetRows.points.push(entry.points);
    changes.sheetRows.rounds.push(entry.round);
  }
  for (const row of Object.keys(before) as (keyof Sheet)[]) {
    if (sheet[row] !== undefined) continue;
    changes.clearedSheetRows.playerIds.push(playerId);
    changes.clearedSheetRows.rows.push(row);
  }
}

/** The engine only appends turns: a usual save adds one or none. Returns where a shorter history now ends. */
function turnChanges(changes: RowChanges, state: GameState, stored: number): number | null {
  for (let turn = Math.min(stored, state.history.length); turn < state.history.length; turn += 1) {
    changes.newTurns.turns.push(turn);
    changes.newTurns.records.push(JSON.stringify(state.history[turn]));
  }
  return state.history.length < stored ? state.history.length : null;
}
