/**
 * Leaderboard SQL. Only finished games have results, so cancelled games never count; computers and
 * the other reroll count are filtered out. Equal totals share a rank.
 */

/** Which finished games a leaderboard covers. Both read through an index on `games`. */
const SCOPES = {
  server: 'g.guild_id = @guildId',
  series: 'g.guild_id = @guildId AND g.series_id = @seriesId',
} as const;

export type LeaderboardScope = keyof typeof SCOPES;

function rankedPlayers(scope: LeaderboardScope): string {
  return `
    WITH totals AS (
      SELECT r.player_id, SUM(r.total) AS total, COUNT(*) AS games, SUM(r.place = 1) AS wins, MAX(r.total) AS best
      FROM games g JOIN game_results r ON r.game_id = g.id
      WHERE ${SCOPES[scope]} AND g.status = 'finished' AND r.rerolls = @rerolls AND r.is_computer = 0
      GROUP BY r.player_id
    )
    SELECT RANK() OVER (ORDER BY total DESC) AS rank, player_id, total, games, wins, best
    FROM totals`;
}

const ORDER = 'ORDER BY rank, wins DESC, games, player_id';

export function leaderboardSql(scope: LeaderboardScope): string {
  return `${rankedPlayers(scope)} ${ORDER} LIMIT @limit`;
}

export function leaderboardRankSql(scope: LeaderboardScope): string {
  return `SELECT * FROM (${rankedPlayers(scope)}) WHERE player_id = @playerId`;
}

/** Per-player totals over a series' finished games, humans only. */
export const SERIES_TOTALS_SQL = `
  SELECT r.player_id, SUM(r.total) AS total, COUNT(*) AS games, SUM(r.place = 1) AS wins
  FROM games g JOIN game_results r ON r.game_id = g.id
  WHERE g.series_id = ? AND g.status = 'finished' AND r.is_computer = 0
  GROUP BY r.player_id
  ORDER BY total DESC, wins DESC, r.player_id`;
