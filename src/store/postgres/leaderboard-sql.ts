import type { LeaderboardFilter } from '../stored-rows.js';
import type { RankBy } from '../types.js';

/**
 * Leaderboard SQL over the aggregates kept as games finish, as src/store/sqlite/leaderboard-sql.ts
 * in PostgreSQL's dialect: a server's board reads one row per player of its period and rule set, a
 * series' board one per player of the series, however many games lie behind them. Equal figures
 * share a rank.
 */

export type LeaderboardScope = 'server' | 'series';

/** A query with its parameters: the scopes filter on different ones. */
export interface Query {
  readonly name: string;
  readonly text: string;
  readonly values: unknown[];
}

function source(scope: LeaderboardScope, filter: LeaderboardFilter): { from: string; values: unknown[] } {
  return scope === 'server'
    ? {
        from: `FROM player_stats s
          LEFT JOIN player_names n ON n.guild_id = s.guild_id AND n.player_id = s.player_id
          WHERE s.guild_id = $1 AND s.period = $2 AND s.rules = $3 AND s.games >= $4`,
        values: [filter.guildId, filter.period, filter.rules, filter.minGames],
      }
    : {
        from: `FROM series_players s
          JOIN series r ON r.id = s.series_id
          LEFT JOIN player_names n ON n.guild_id = r.guild_id AND n.player_id = s.player_id
          WHERE s.series_id = $1 AND r.guild_id = $2 AND s.games >= $3`,
        values: [filter.seriesId, filter.guildId, filter.minGames],
      };
}

/** What ranks, and how equal ranks are listed: fewer games for the same total, more for the same average. */
const ORDER: Readonly<Record<RankBy, { rank: string; ties: string }>> = {
  total: { rank: 's.total DESC', ties: 'wins DESC, games, player_id' },
  average: { rank: 's.total::float8 / s.games DESC', ties: 'games DESC, wins DESC, player_id' },
};

function ranked(rankBy: RankBy, from: string): string {
  return `SELECT RANK() OVER (ORDER BY ${ORDER[rankBy].rank}) AS rank, s.player_id, n.name, s.total, s.games,
    s.wins, s.best ${from}`;
}

export function leaderboardQuery(
  scope: LeaderboardScope,
  rankBy: RankBy,
  filter: LeaderboardFilter,
  limit: number,
): Query {
  const { from, values } = source(scope, filter);
  return {
    name: `crag_leaderboard_${scope}_${rankBy}`,
    text: `SELECT * FROM (${ranked(rankBy, from)}) ranked
      ORDER BY rank, ${ORDER[rankBy].ties} LIMIT $${values.length + 1}`,
    values: [...values, limit],
  };
}

export function leaderboardRankQuery(
  scope: LeaderboardScope,
  rankBy: RankBy,
  filter: LeaderboardFilter,
  playerId: string,
): Query {
  const { from, values } = source(scope, filter);
  return {
    name: `crag_leaderboard_rank_${scope}_${rankBy}`,
    text: `SELECT * FROM (${ranked(rankBy, from)}) ranked WHERE player_id = $${values.length + 1}`,
    values: [...values, playerId],
  };
}

/** Per-player totals over a series' finished games, humans only. */
export const SERIES_TOTALS_SQL = `
  SELECT player_id, total, games, wins FROM series_players
  WHERE series_id = $1
  ORDER BY total DESC, wins DESC, player_id`;
