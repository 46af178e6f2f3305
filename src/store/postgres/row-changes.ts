import { type GameState, type Sheet, standings } from '../../game/index.js';

/**
 * What a save writes beside the state row so that game_seats, sheet_rows, turn_history and
 * game_results stay in step with the state, as src/store/sqlite/sync-rows.ts does for SQLite. Worked
 * out in memory from `previous` (the state the stored version holds, which the tables match), with
 * each kind of row as parallel columns, the way unnest() takes them: a usual click writes one sheet
 * row and one turn, or nothing at all.
 */
export interface RowChanges {
  /** Rows to insert or overwrite. */
  readonly sheetRows: { playerIds: string[]; rows: string[]; points: number[]; rounds: number[] };
  /** Rows the state no longer has (players who left the lobby take their empty sheets along). */
  readonly clearedSheetRows: { playerIds: string[]; rows: string[] };
  readonly newTurns: { turns: number[]; records: string[] };
  /** Turns from this index on are deleted (the history got shorter); null when none are. */
  readonly turnsFrom: number | null;
  /** Seats to insert: the new ones at the end, or, when `seatsRewritten`, all of them. */
  readonly newSeats: { indexes: number[]; playerIds: string[]; computers: (string | null)[] };
  /** Someone left the lobby (the seats shifted): the stored seats are deleted before the new ones go in. */
  readonly seatsRewritten: boolean;
  readonly newResults: {
    playerIds: string[];
    totals: number[];
    places: number[];
    computers: boolean[];
    rerolls: number[];
  };
  /** The game had finished already: its stored results are deleted before the new ones (if any) go in. */
  readonly resultsRewritten: boolean;
}

export function rowChanges(state: GameState, previous: GameState | null): RowChanges {
  const changes: RowChanges = {
    sheetRows: { playerIds: [], rows: [], points: [], rounds: [] },
    clearedSheetRows: { playerIds: [], rows: [] },
    newTurns: { turns: [], records: [] },
    turnsFrom: null,
    newSeats: { indexes: [], playerIds: [], computers: [] },
    seatsRewritten: false,
    newResults: { playerIds: [], totals: [], places: [], computers: [], rerolls: [] },
    resultsRewritten: false,
  };
  const previousStatus = previous?.status ?? null;
  // Seats are taken and given up only in the lobby; later a leaver keeps their seat (marked left).
  const seatsRewritten =
    previousStatus === null || previousStatus === 'lobby' ? seatChanges(changes, state, previous) : false;
  // The engine hands unchanged sheets on as the same object: keeping or rerolling dice writes no row.
  if (state.sheets !== previous?.sheets) sheetChanges(changes, state.sheets, previous?.sheets ?? {});
  const turnsFrom =
    state.history !== previous?.history ? turnChanges(changes, state, previous?.history.length ?? 0) : null;
  if (state.status === 'finished') resultChanges(changes, state);
  return { ...changes, seatsRewritten, turnsFrom, resultsRewritten: previousStatus === 'finished' };
}

/** Adds the seats to insert; true when the stored ones must go first (a seat was given up or changed). */
function seatChanges(changes: RowChanges, state: GameState, previous: GameState | null): boolean {
  const before = previous?.seats ?? [];
  const kept = before.every(
    (seat, index) => seat.playerId === state.seats[index]?.playerId && seat.computer === state.seats[index]?.computer,
  );
  const from = kept ? before.length : 0;
  state.seats.slice(from).forEach((seat, offset) => {
    changes.newSeats.indexes.push(from + offset);
    changes.newSeats.playerIds.push(seat.playerId);
    changes.newSeats.computers.push(seat.computer);
  });
  return !kept;
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

/** Results exist exactly when the game finished; a cancelled game counts for nobody. */
function resultChanges(changes: RowChanges, state: GameState): void {
  for (const standing of standings(state)) {
    changes.newResults.playerIds.push(standing.playerId);
    changes.newResults.totals.push(standing.total);
    changes.newResults.places.push(standing.place);
    changes.newResults.computers.push(standing.computer !== null);
    changes.newResults.rerolls.push(state.rules.rerolls);
  }
}
