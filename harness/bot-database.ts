import Database from 'better-sqlite3';
import { deserializeGame, type GameState, type SheetEntry, type TurnRecord } from '../src/game/index.js';
import { readPackedGame } from '../src/store/packed-game.js';
import { withClient } from './postgres-client.js';

/** The bot's database, SQLite or PostgreSQL. */
export type WorldDatabase =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

/**
 * Rows read from either kind of database through a connection of its own. `?` placeholders; SQL
 * both dialects accept (quote mixed-case aliases: "gameId").
 */
export async function queryRows<T>(database: WorldDatabase, sql: string, ...params: unknown[]): Promise<T[]> {
  if (database.kind === 'sqlite') return readDatabase(database.path, (db) => db.prepare(sql).all(...params) as T[]);
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  return withClient(database.url, async (client) => (await client.query(text, params)).rows as T[]);
}

/** Reads the bot's SQLite file directly, to check what players saw against what was committed. */
export function readDatabase<T>(dbPath: string, read: (db: Database.Database) => T): T {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The committed state version of the game whose board is this message; -1 when none is. */
export function boardGameVersion(dbPath: string, boardId: string): number {
  const row = readDatabase(dbPath, (db) =>
    db.prepare('SELECT state_version AS v FROM games WHERE board_message_id = ?').get(boardId),
  ) as { v: number } | undefined;
  return row?.v ?? -1;
}

/** A game as the database holds it, its sheets and turns put back as the store reads them. */
export interface StoredState {
  readonly id: number;
  readonly status: string;
  readonly state: GameState;
}

/**
 * Every game, oldest first, read straight from the database: a game that is over from its packed
 * state, a game in the lobby or in play from its state JSON with its sheet rows and turns.
 */
export async function storedStates(database: WorldDatabase): Promise<StoredState[]> {
  const games = await queryRows<{ id: number; status: string; state: string }>(
    database,
    'SELECT id, status, state FROM games ORDER BY id',
  );
  const sheetRows = await queryRows<{ gameId: number; playerId: string; row: string; points: number; round: number }>(
    database,
    'SELECT game_id AS "gameId", player_id AS "playerId", row, points, round FROM sheet_rows',
  );
  const turns = await queryRows<{ gameId: number; record: string }>(
    database,
    'SELECT game_id AS "gameId", record FROM turn_history ORDER BY game_id, turn',
  );
  return games.map((row) => {
    const packed = readPackedGame(row.state);
    if (packed) return { id: row.id, status: row.status, state: packed };
    const state = deserializeGame(row.state);
    const sheets: Record<string, Record<string, SheetEntry>> = {};
    for (const seat of state.seats) sheets[seat.playerId] = {};
    for (const entry of sheetRows) {
      const sheet = entry.gameId === row.id ? sheets[entry.playerId] : undefined;
      if (sheet) sheet[entry.row] = { points: entry.points, round: entry.round };
    }
    const history = turns.filter((turn) => turn.gameId === row.id).map((turn) => JSON.parse(turn.record) as TurnRecord);
    return { id: row.id, status: row.status, state: { ...state, sheets, history } };
  });
}

export interface TotalAgainstSheet {
  readonly gameId: number;
  readonly playerId: string;
  readonly total: number;
  readonly sheetSum: number;
}

/** Each finished game's recorded totals next to the sums of its sheets as stored. */
export async function totalsAgainstSheets(database: WorldDatabase): Promise<TotalAgainstSheet[]> {
  const states = new Map((await storedStates(database)).map((game) => [game.id, game.state]));
  const results = await queryRows<{ gameId: number; playerId: string; total: number }>(
    database,
    'SELECT game_id AS "gameId", player_id AS "playerId", total FROM game_results ORDER BY game_id, player_id',
  );
  return results.map((result) => ({
    ...result,
    sheetSum: Object.values(states.get(result.gameId)?.sheets[result.playerId] ?? {}).reduce(
      (sum, entry) => sum + (entry?.points ?? 0),
      0,
    ),
  }));
}

export function integrityCheck(dbPath: string): string {
  return readDatabase(dbPath, (db) => db.pragma('integrity_check', { simple: true }) as string);
}
