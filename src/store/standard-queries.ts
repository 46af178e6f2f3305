import { leaderboardSql } from './leaderboard-sql.js';
import type { LeaderboardReadName, ReadName, WriteName } from './reads-and-writes.js';

/** The games columns every whole-game read returns before `state` (see GameRow). */
export const GAME_COLUMNS = `id, guild_id, channel_id, series_id, series_game_number, board_message_id, status,
  state_version, turn_timer_seconds, hints_enabled, pings_enabled, ping_message_id, turn_deadline, updated_at,
  last_action_at, via_webhooks`;
export const STAT_COLUMNS = 'games, wins, total, best, crags, skill_loss, luck, row_points, row_zeros, recent';
export const RESULT_COLUMNS = 'game_id, player_id, total, place, is_computer, won, skill_loss, luck';

/** Every leaderboard read's SQL. */
function leaderboardQueries(): Record<LeaderboardReadName, string> {
  const queries: Partial<Record<LeaderboardReadName, string>> = {};
  for (const scope of ['server', 'series'] as const) {
    for (const rankBy of ['total', 'average'] as const) {
      const { top, rank } = leaderboardSql(scope, rankBy);
      queries[`top:${scope}:${rankBy}`] = top;
      queries[`rank:${scope}:${rankBy}`] = rank;
    }
  }
  return queries as Record<LeaderboardReadName, string>;
}

/**
 * The reads and small writes (see Reads and Writes in backend.ts) written in standard SQL, which
 * every backend runs as written, with its parameters as `@name`. A backend's own queries.ts holds
 * the rest: what its dialect spells differently (JSON, lists, index hints).
 */
export const STANDARD_QUERIES = {
  ...leaderboardQueries(),
  seriesGames:
    'SELECT id, series_game_number, status FROM games WHERE series_id = @seriesId ORDER BY series_game_number',
  seriesResults: `SELECT r.game_id, r.player_id, r.total, r.place, r.is_computer, r.won, r.skill_loss, r.luck
    FROM games g JOIN game_results r ON r.game_id = g.id
    WHERE g.series_id = @seriesId ORDER BY r.place, r.player_id`,
  seriesTotals: `SELECT player_id, total, games, wins FROM series_players WHERE series_id = @seriesId
    ORDER BY total DESC, wins DESC, player_id`,
  playerName: 'SELECT name FROM player_names WHERE guild_id = @guildId AND player_id = @playerId',
  // The rule sets listed, so the primary key is searched four times rather than read for every
  // player of the period.
  playerStats: `SELECT rules, ${STAT_COLUMNS} FROM player_stats
    WHERE guild_id = @guildId AND period = @period AND player_id = @playerId
      AND rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')`,
  personStats: `SELECT rules, ${STAT_COLUMNS} FROM player_stats
    WHERE player_id = @playerId AND period = @period AND rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')`,
  currentSeason: 'SELECT number FROM seasons WHERE guild_id = @guildId ORDER BY number DESC LIMIT 1',
  // Newest first through games_finished_by_guild (its predicate is written the same way) or
  // games_by_channel. A finished game is packed: its state is whole, with no rows beside it.
  finishedInGuild: `SELECT ${GAME_COLUMNS}, state FROM games
    WHERE guild_id = @guildId AND status = 'finished' AND id < @beforeId ORDER BY id DESC LIMIT @limit`,
  finishedInChannel: `SELECT ${GAME_COLUMNS}, state FROM games
    WHERE channel_id = @channelId AND guild_id = @guildId AND status = 'finished' AND id < @beforeId
    ORDER BY id DESC LIMIT @limit`,
  ratingLine: 'SELECT rated_id, mu, sigma, games FROM ratings WHERE rules = @rules AND rated_id = @ratedId',
  // People only: computer levels are rated to be compared with, never ranked (ratings_by_value).
  // The server's people: those with a finished game of the rule set here (its all-time stats line).
  ratingLeaders: `SELECT r.rated_id, r.mu, r.sigma, r.games, n.name FROM ratings r
    JOIN player_stats s ON s.guild_id = @guildId AND s.period = 'all' AND s.rules = r.rules AND s.player_id = r.rated_id
    LEFT JOIN player_names n ON n.guild_id = @guildId AND n.player_id = r.rated_id
    WHERE r.rules = @rules AND r.rated_id NOT LIKE 'computer:%'
    ORDER BY r.mu - 3 * r.sigma DESC, r.rated_id LIMIT @limit`,
  ratingTrend: `SELECT seq, mu, sigma FROM rating_changes WHERE rated_id = @ratedId AND rules = @rules
    ORDER BY seq DESC LIMIT @limit`,
  allRatings: 'SELECT rules, rated_id, mu, sigma, games FROM ratings',
  // Every rated game's seats, in the order the games were rated: what a rebuild replays.
  ratedSeats: `SELECT c.rules, c.seq, r.game_id, r.player_id, r.place, r.is_computer
    FROM (SELECT DISTINCT rules, seq, game_id FROM rating_changes) c JOIN game_results r ON r.game_id = c.game_id
    ORDER BY c.rules, c.seq, r.player_id`,
  setBoardMessage: 'UPDATE games SET board_message_id = @messageId, updated_at = @now WHERE id = @gameId',
  setPingMessage: 'UPDATE games SET ping_message_id = @messageId WHERE id = @gameId',
  webhookOf: `SELECT application_id, token, token_created_at, follow_ups_used FROM game_webhooks
    WHERE game_id = @gameId`,
  // Interactions can be handled out of order (two clicks at once, two processes): only a newer token
  // replaces the stored one, so the newest one is kept whatever the order.
  takeWebhookToken: `INSERT INTO game_webhooks (game_id, application_id, token, token_created_at, follow_ups_used)
    VALUES (@gameId, @applicationId, @token, @createdAt, @followUpsUsed)
    ON CONFLICT (game_id) DO UPDATE SET application_id = excluded.application_id, token = excluded.token,
      token_created_at = excluded.token_created_at, follow_ups_used = excluded.follow_ups_used
    WHERE game_webhooks.token_created_at < excluded.token_created_at`,
  // Checked and counted in one statement, so two processes can never both take the last follow-up.
  reserveFollowUp: `UPDATE game_webhooks SET follow_ups_used = follow_ups_used + 1
    WHERE game_id = @gameId AND token = @token AND follow_ups_used < @cap`,
} as const satisfies Partial<Record<ReadName | WriteName, string>>;

export type StandardName = keyof typeof STANDARD_QUERIES;

/**
 * A backend's SQL for the reads and small writes that STANDARD_QUERIES does not hold, in its
 * dialect, with their parameters as `@name`.
 */
export type DialectQueries = Readonly<Record<Exclude<ReadName | WriteName, StandardName>, string>>;
