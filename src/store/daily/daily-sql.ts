/**
 * The daily store's SQL, written once for both backends: `?` placeholders become `$1, $2…` for
 * PostgreSQL, and the one function that differs (reading a field of the series' rules JSON) is
 * named per dialect.
 */
export type DailyDialect = 'sqlite' | 'postgres';

function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export function dailySql(dialect: DailyDialect) {
  const q = dialect === 'postgres' ? numbered : (sql: string) => sql;
  const rule = (field: string) =>
    dialect === 'postgres' ? `(s.rules::json ->> '${field}')` : `CAST(json_extract(s.rules, '$.${field}') AS TEXT)`;
  return {
    secret: q('SELECT secret FROM daily_secret WHERE id = 1'),
    entry: q(
      `SELECT day, player_id, guild_id, game_id, name, total, loss, decisions FROM daily_results
       WHERE day = ? AND player_id = ?`,
    ),
    claim: q(
      `INSERT INTO daily_results (day, player_id, guild_id, name, started_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (day, player_id) DO NOTHING`,
    ),
    attachGame: q('UPDATE daily_results SET game_id = ? WHERE day = ? AND player_id = ?'),
    serverBoard: q(
      `SELECT player_id, name, total FROM daily_results
       WHERE guild_id = ? AND day = ? AND total IS NOT NULL ORDER BY total DESC, player_id LIMIT ?`,
    ),
    serverStanding: q(
      `SELECT COUNT(*) AS finished, COALESCE(SUM(CASE WHEN total > ? THEN 1 ELSE 0 END), 0) AS better
       FROM daily_results WHERE guild_id = ? AND day = ? AND total IS NOT NULL`,
    ),
    // Two ranges of the (day, total) index: no row of the day is read, whatever their number.
    worldStanding: q(
      `SELECT (SELECT COUNT(*) FROM daily_results WHERE day = ? AND total IS NOT NULL) AS finished,
              (SELECT COUNT(*) FROM daily_results WHERE day = ? AND total > ?) AS better`,
    ),
    finishedDays: q(
      `SELECT day FROM daily_results WHERE player_id = ? AND day BETWEEN ? AND ? AND total IS NOT NULL
       ORDER BY day DESC`,
    ),
    seasonStarts: q('SELECT number, started_at FROM seasons WHERE guild_id = ?'),
    // A server's finished games in a span (the partial index on finished games, by server), each
    // person's points lost and decisions: at a thousand games a server, a few thousand rows. Names
    // come from normal games, else from the daily deals (which keep none in player_names).
    skillLines: q(
      `SELECT r.player_id, COALESCE(MAX(n.name), MAX(d.name)) AS name, COUNT(*) AS games, SUM(r.decisions) AS decisions,
         SUM(r.skill_loss) AS loss, SUM(r.skill_loss * r.skill_loss) AS loss_squared,
         SUM(r.decisions * r.decisions) AS decisions_squared, SUM(r.skill_loss * r.decisions) AS loss_times_decisions
       FROM games g
       JOIN game_results r ON r.game_id = g.id
       JOIN series s ON s.id = g.series_id
       LEFT JOIN player_names n ON n.guild_id = g.guild_id AND n.player_id = r.player_id
       LEFT JOIN daily_results d ON d.game_id = g.id AND d.player_id = r.player_id
       WHERE g.guild_id = ? AND g.status = 'finished' AND g.ended_at >= ? AND g.ended_at < ?
         AND r.is_computer = ${dialect === 'postgres' ? 'false' : '0'} AND r.decisions > 0
         AND ${rule('rerolls')} = ? AND ${rule('thirteen')} = ?
       GROUP BY r.player_id`,
    ),
  };
}

/** The rows as both backends return them (PostgreSQL's bigint and numeric sums parsed to numbers by the caller). */
export interface EntryRow {
  day: number;
  player_id: string;
  guild_id: string;
  game_id: number | null;
  name: string | null;
  total: number | null;
  loss: number | null;
  decisions: number | null;
}

export interface SkillRow {
  player_id: string;
  name: string | null;
  games: number | string;
  decisions: number | string;
  loss: number | string;
  loss_squared: number | string;
  decisions_squared: number | string;
  loss_times_decisions: number | string;
}

/** The widest span a bound of null stands for, as numbers both databases compare. */
export const NO_BOUND = { from: -1, until: Number.MAX_SAFE_INTEGER } as const;
