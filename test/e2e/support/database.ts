import Database from 'better-sqlite3';

/** Reads the bot's SQLite file directly, to check what players saw against what was committed. */
export function readDatabase<T>(dbPath: string, read: (db: Database.Database) => T): T {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Each finished game's recorded totals next to the sums of its sheet rows. */
export function totalsAgainstSheets(
  dbPath: string,
): { gameId: number; playerId: string; total: number; sheetSum: number }[] {
  return readDatabase(
    dbPath,
    (db) =>
      db
        .prepare(
          `SELECT r.game_id AS gameId, r.player_id AS playerId, r.total AS total,
                (SELECT COALESCE(SUM(points), 0) FROM sheet_rows s WHERE s.game_id = r.game_id AND s.player_id = r.player_id) AS sheetSum
         FROM game_results r ORDER BY r.game_id, r.player_id`,
        )
        .all() as { gameId: number; playerId: string; total: number; sheetSum: number }[],
  );
}

export function integrityCheck(dbPath: string): string {
  return readDatabase(dbPath, (db) => db.pragma('integrity_check', { simple: true }) as string);
}
