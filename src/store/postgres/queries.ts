import { type DialectQueries, GAME_COLUMNS, RESULT_COLUMNS } from '../standard-queries.js';

const ACTIVE = "status IN ('lobby', 'playing')";

/** Whole games, their sheet rows and turns aggregated in the same query: one round trip per game read. */
export const GAME_SELECT = `
  SELECT ${GAME_COLUMNS}, state,
    (SELECT json_agg(json_build_array(s.player_id, s.row, s.points, s.round) ORDER BY s.round, s.row)
       FROM sheet_rows s WHERE s.game_id = games.id) AS sheets,
    (SELECT json_agg(h.record ORDER BY h.turn) FROM turn_history h WHERE h.game_id = games.id) AS history
  FROM games`;

/**
 * The store's reads in PostgreSQL's dialect (the others are in ../standard-queries.ts), each
 * prepared once per connection. The saves and the new games are built by row-writes.ts, whose
 * shape depends on what they write.
 */
export const QUERIES: DialectQueries = {
  gameById: `${GAME_SELECT} WHERE id = @id`,
  activeInChannel: `${GAME_SELECT} WHERE channel_id = @channelId AND ${ACTIVE}`,
  latestInChannel: `${GAME_SELECT} WHERE channel_id = @channelId ORDER BY id DESC LIMIT 1`,
  idleGames: `${GAME_SELECT} WHERE ${ACTIVE} AND last_action_at < @before ORDER BY id`,
  activeInGuild: `${GAME_SELECT} WHERE guild_id = @guildId AND ${ACTIVE} ORDER BY id`,
  // The level of the computer to move (NULL for a person), read in SQL: a restart with thousands
  // of games in play would otherwise parse every state just for this.
  turnsInPlay: `SELECT id, guild_id, state_version, turn_deadline,
      state -> 'seats' -> ((state ->> 'currentSeat')::int) ->> 'computer' AS computer
    FROM games WHERE ${ACTIVE} AND status = 'playing' ORDER BY id`,
  // The newest change is the latest of a game in play's last action or a game's end: the games in
  // play through their partial index, those that ended through games_by_end, never every game ever
  // played.
  newestChange: `SELECT GREATEST((SELECT MAX(last_action_at) FROM games WHERE ${ACTIVE}),
      (SELECT MAX(ended_at) FROM games WHERE ended_at IS NOT NULL)) AS at`,
  // For a process that owns some guilds (a shard): the newest action of each guild's games in play,
  // and the ends newest first, a page at a time, read until one of its guilds' turns up.
  newestActivePerGuild: `SELECT guild_id, MAX(last_action_at) AS newest FROM games WHERE ${ACTIVE} GROUP BY guild_id`,
  endsBefore: `SELECT guild_id, ended_at FROM games WHERE ended_at IS NOT NULL AND ended_at < @before
    ORDER BY ended_at DESC LIMIT @limit`,
  boardsChangedSince: `SELECT id, guild_id, state,
      (SELECT record FROM turn_history t WHERE t.game_id = g.id ORDER BY turn DESC LIMIT 1) AS last_turn
    FROM games g
    WHERE g.status = 'playing' AND g.board_message_id IS NOT NULL AND g.last_action_at >= @since
    UNION ALL
    SELECT id, guild_id, state, NULL AS last_turn
    FROM games g
    WHERE g.ended_at >= @since AND g.board_message_id IS NOT NULL`,
  resultsOf: `SELECT ${RESULT_COLUMNS} FROM game_results WHERE game_id = ANY(@gameIds::bigint[])
    ORDER BY game_id, place, player_id`,
};
