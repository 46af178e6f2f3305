import Database from 'better-sqlite3';
import { withClient } from '../../support/postgres-databases.js';

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

/** Each finished game's recorded totals next to the sums of its sheet rows: the SQL, for both dialects. */
export const TOTALS_AGAINST_SHEETS_SQL = `
  SELECT r.game_id AS "gameId", r.player_id AS "playerId", r.total AS total,
         (SELECT COALESCE(SUM(points), 0) FROM sheet_rows s WHERE s.game_id = r.game_id AND s.player_id = r.player_id) AS "sheetSum"
  FROM game_results r ORDER BY r.game_id, r.player_id`;

export interface TotalAgainstSheet {
  readonly gameId: number;
  readonly playerId: string;
  readonly total: number;
  readonly sheetSum: number;
}

/** Each finished game's recorded totals next to the sums of its sheet rows. */
export function totalsAgainstSheets(dbPath: string): TotalAgainstSheet[] {
  return readDatabase(dbPath, (db) => db.prepare(TOTALS_AGAINST_SHEETS_SQL).all() as TotalAgainstSheet[]);
}

export function integrityCheck(dbPath: string): string {
  return readDatabase(dbPath, (db) => db.pragma('integrity_check', { simple: true }) as string);
}
