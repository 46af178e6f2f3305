import type { LeaderboardScope } from './reads-and-writes.js';
import type { RankBy } from './types.js';

/**
 * Leaderboard SQL over the aggregates kept as games finish: a server's board reads one row per
 * player of its period and rule set, a series' board one per player of the series, however many
 * games lie behind them. Computers have no aggregates; cancelled games never counted. Equal figures
 * share a rank. Standard SQL that every backend runs as written (DOUBLE PRECISION is REAL to SQLite).
 */

const SOURCES: Readonly<Record<LeaderboardScope, string>> = {
  server: `FROM player_stats s
    LEFT JOIN player_names n ON n.guild_id = s.guild_id AND n.player_id = s.player_id
    WHERE s.guild_id = @guildId AND s.period = @period AND s.rules = @rules AND s.games >= @minGames`,
  series: `FROM series_players s
    JOIN series r ON r.id = s.series_id
    LEFT JOIN player_names n ON n.guild_id = r.guild_id AND n.player_id = s.player_id
    WHERE s.series_id = @seriesId AND r.guild_id = @guildId AND s.games >= @minGames`,
};

/** What ranks, and how equal ranks are listed: fewer games for the same total, more for the same average. */
const ORDER: Readonly<Record<RankBy, { rank: string; ties: string }>> = {
  total: { rank: 's.total DESC', ties: 'wins DESC, games, player_id' },
  average: { rank: 'CAST(s.total AS DOUBLE PRECISION) / s.games DESC', ties: 'games DESC, wins DESC, player_id' },
};

/** A board's top rows (`top`) and one player's line (`rank`). */
export function leaderboardSql(scope: LeaderboardScope, rankBy: RankBy): { top: string; rank: string } {
  const ranked = `SELECT RANK() OVER (ORDER BY ${ORDER[rankBy].rank}) AS rank, s.player_id, n.name, s.total, s.games,
    s.wins, s.best ${SOURCES[scope]}`;
  return {
    top: `SELECT * FROM (${ranked}) ranked ORDER BY rank, ${ORDER[rankBy].ties} LIMIT @limit`,
    rank: `SELECT * FROM (${ranked}) ranked WHERE player_id = @playerId`,
  };
}
