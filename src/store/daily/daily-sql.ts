/**
 * The daily store's SQL, written once for both backends: `?` placeholders become `$1, $2…` for
 * PostgreSQL.
 */
export type DailyDialect = 'sqlite' | 'postgres';

function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export function dailySql(dialect: DailyDialect) {
  const q = dialect === 'postgres' ? numbered : (sql: string) => sql;
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
    // The day's count per total (daily_totals, kept by triggers): a few hundred rows however many played.
    worldStanding: q(
      `SELECT COALESCE(SUM(results), 0) AS finished, COALESCE(SUM(CASE WHEN total > ? THEN results ELSE 0 END), 0) AS better
       FROM daily_totals WHERE day = ?`,
    ),
    finishedDays: q(
      `SELECT day FROM daily_results WHERE player_id = ? AND day BETWEEN ? AND ? AND total IS NOT NULL
       ORDER BY day DESC`,
    ),
    // The sums kept per person as games end (skill_totals): the server's people with enough games
    // (skill_totals_ranked: the one-game daily players are not read), and the asker's line by its key.
    // Names come from normal games, else from the row itself (daily deals keep none in player_names).
    skillLines: q(
      ['t.games >= ?', 't.player_id = ?']
        .map(
          (
            which,
          ) => `SELECT t.player_id, COALESCE(n.name, t.name) AS name, t.games, t.decisions, t.loss, t.loss_squared,
             t.decisions_squared, t.loss_times_decisions
           FROM skill_totals t
           LEFT JOIN player_names n ON n.guild_id = t.guild_id AND n.player_id = t.player_id
           WHERE t.guild_id = ? AND t.period = ? AND t.rules = ? AND ${which}`,
        )
        .join(' UNION '),
    ),
    // A person's own sums (#42): the place's people (a line here in the period and rule set) and the
    // asker, each summed over every place (skill_totals_by_player); the name is the place's if known.
    personSkillLines: q(
      `SELECT t.player_id,
         COALESCE(MAX(n.name), MAX(CASE WHEN t.guild_id = ? THEN t.name END), MAX(t.name)) AS name,
         SUM(t.games) AS games, SUM(t.decisions) AS decisions, SUM(t.loss) AS loss,
         SUM(t.loss_squared) AS loss_squared, SUM(t.decisions_squared) AS decisions_squared,
         SUM(t.loss_times_decisions) AS loss_times_decisions
       FROM skill_totals t
       LEFT JOIN player_names n ON n.guild_id = ? AND n.player_id = t.player_id
       WHERE t.period = ? AND t.rules = ? AND t.player_id IN (
         SELECT p.player_id FROM skill_totals p WHERE p.guild_id = ? AND p.period = ? AND p.rules = ?
         UNION SELECT CAST(? AS TEXT))
       GROUP BY t.player_id
       HAVING SUM(t.games) >= ? OR t.player_id = ?`,
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
