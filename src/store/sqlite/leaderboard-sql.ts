import type { RankBy } from '../types.js';

/**
 * Leaderboard SQL over the aggregates kept as games finish: a server's board reads one row per
 * player of its period and rule set, a series' board one per player of the series, however many
 * games lie behind them. Computers have no aggregates; cancelled games never counted. Equal figures
 * share a rank.
 */

const SOURCES = {
  server: `FROM player_stats s
    LEFT JOIN player_names n ON n.guild_id = s.guild_id AND n.player_id = s.player_id
    WHERE s.guild_id = @guildId AND s.period = @period AND s.rules = @rules AND s.games >= @minGames`,
  series: `FROM series_players s
    JOIN series r ON r.id = s.series_id
    LEFT JOIN player_names n ON n.guild_id = r.guild_id AND n.player_id = s.player_id
    WHERE s.series_id = @seriesId AND r.guild_id = @guildId AND s.games >= @minGames`,
} as const;

export type LeaderboardScope = keyof typeof SOURCES;

/** What ranks, and how equal ranks are listed: fewer games for the same total, more for the same average. */
const ORDER: Readonly<Record<RankBy, { rank: string; ties: string }>> = {
  total: { rank: 's.total DESC', ties: 'wins DESC, games, player_id' },
  average: { rank: 'CAST(s.total AS REAL) / s.games DESC', ties: 'games DESC, wins DESC, player_id' },
};

function ranked(scope: LeaderboardScope, rankBy: RankBy): string {
  return `SELECT RANK() OVER (ORDER BY ${ORDER[rankBy].rank}) AS rank, s.player_id, n.name, s.total, s.games,
    s.wins, s.best ${SOURCES[scope]}`;
}

export function leaderboardSql(scope: LeaderboardScope, rankBy: RankBy): string {
  return `SELECT * FROM (${ranked(scope, rankBy)}) ORDER BY rank, ${ORDER[rankBy].ties} LIMIT @limit`;
}

export function leaderboardRankSql(scope: LeaderboardScope, rankBy: RankBy): string {
  return `SELECT * FROM (${ranked(scope, rankBy)}) WHERE player_id = @playerId`;
}

/** Per-player totals over a series' finished games, humans only. */
export const SERIES_TOTALS_SQL = `
  SELECT player_id, total, games, wins FROM series_players
  WHERE series_id = ?
  ORDER BY total DESC, wins DESC, player_id`;
