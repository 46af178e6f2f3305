/**
 * Leaderboard SQL, as src/store/sqlite/leaderboard-sql.ts in PostgreSQL's dialect. Only finished
 * games have results, so cancelled games never count; computers and the other reroll count are
 * filtered out. Equal totals share a rank.
 */

export interface LeaderboardFilter {
  readonly guildId: string;
  readonly seriesId: number | null;
  readonly rerolls: number;
}

export type LeaderboardScope = 'server' | 'series';

/** A query with its parameters: the series scope has one more. */
export interface Query {
  readonly name: string;
  readonly text: string;
  readonly values: unknown[];
}

/** Which finished games a leaderboard covers (both read through an index on `games`), and the parameters so far. */
function scoped(scope: LeaderboardScope, filter: LeaderboardFilter): { where: string; values: unknown[] } {
  return scope === 'server'
    ? { where: 'g.guild_id = $1 AND r.rerolls = $2', values: [filter.guildId, filter.rerolls] }
    : {
        where: 'g.guild_id = $1 AND g.series_id = $2 AND r.rerolls = $3',
        values: [filter.guildId, filter.seriesId, filter.rerolls],
      };
}

function rankedPlayers(where: string): string {
  return `
    WITH totals AS (
      SELECT r.player_id, SUM(r.total) AS total, COUNT(*) AS games, COUNT(*) FILTER (WHERE r.place = 1) AS wins,
             MAX(r.total) AS best
      FROM games g JOIN game_results r ON r.game_id = g.id
      WHERE ${where} AND g.status = 'finished' AND NOT r.is_computer
      GROUP BY r.player_id
    )
    SELECT RANK() OVER (ORDER BY total DESC) AS rank, player_id, total, games, wins, best
    FROM totals`;
}

export function leaderboardQuery(scope: LeaderboardScope, filter: LeaderboardFilter, limit: number): Query {
  const { where, values } = scoped(scope, filter);
  return {
    name: `crag_leaderboard_${scope}`,
    text: `${rankedPlayers(where)} ORDER BY rank, wins DESC, games, player_id LIMIT $${values.length + 1}`,
    values: [...values, limit],
  };
}

export function leaderboardRankQuery(scope: LeaderboardScope, filter: LeaderboardFilter, playerId: string): Query {
  const { where, values } = scoped(scope, filter);
  return {
    name: `crag_leaderboard_rank_${scope}`,
    text: `SELECT * FROM (${rankedPlayers(where)}) ranked WHERE player_id = $${values.length + 1}`,
    values: [...values, playerId],
  };
}

/** Per-player totals over a series' finished games, humans only. */
export const SERIES_TOTALS_SQL = `
  SELECT r.player_id, SUM(r.total) AS total, COUNT(*) AS games, COUNT(*) FILTER (WHERE r.place = 1) AS wins
  FROM games g JOIN game_results r ON r.game_id = g.id
  WHERE g.series_id = $1 AND g.status = 'finished' AND NOT r.is_computer
  GROUP BY r.player_id
  ORDER BY total DESC, wins DESC, r.player_id`;
