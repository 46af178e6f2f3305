import { type DialectQueries, GAME_COLUMNS, RESULT_COLUMNS } from '../standard-queries.js';

const ACTIVE = "status IN ('lobby', 'playing')";
/**
 * The games table read through the partial index of active games, for queries that want only those:
 * left to itself, SQLite may read every game ever played (there is no index on a guild's active
 * games, nor on last_action_at).
 */
const ACTIVE_GAMES = 'games INDEXED BY games_one_active_per_channel';

/**
 * The store's reads in SQLite's dialect (the others are in ../standard-queries.ts), prepared once
 * when the store opens. A game's sheet rows and turns are read apart (backend.ts, playRows); a list
 * parameter is bound as JSON text, read with json_each.
 */
export const QUERIES: DialectQueries = {
  gameById: `SELECT ${GAME_COLUMNS}, state FROM games WHERE id = @id`,
  activeInChannel: `SELECT ${GAME_COLUMNS}, state FROM games WHERE channel_id = @channelId AND ${ACTIVE}`,
  latestInChannel: `SELECT ${GAME_COLUMNS}, state FROM games WHERE channel_id = @channelId ORDER BY id DESC LIMIT 1`,
  idleGames: `SELECT ${GAME_COLUMNS}, state FROM ${ACTIVE_GAMES} WHERE ${ACTIVE} AND last_action_at < @before ORDER BY id`,
  activeInGuild: `SELECT ${GAME_COLUMNS}, state FROM ${ACTIVE_GAMES} WHERE guild_id = @guildId AND ${ACTIVE} ORDER BY id`,
  // The level of the computer to move (NULL for a person), read in SQL: a restart with thousands
  // of games in play would otherwise parse every state just for this.
  turnsInPlay: `SELECT id, guild_id, state_version, turn_deadline,
      json_extract(state, '$.seats[' || json_extract(state, '$.currentSeat') || '].computer') AS computer
    FROM games WHERE ${ACTIVE} AND status = 'playing' ORDER BY id`,
  // The newest change is the latest of a game in play's last action or a game's end: the games in
  // play through their partial index, those that ended through games_by_end, never every game ever
  // played.
  newestChange: `SELECT MAX(COALESCE((SELECT MAX(last_action_at) FROM ${ACTIVE_GAMES} WHERE ${ACTIVE}), 0),
      COALESCE((SELECT MAX(ended_at) FROM games WHERE ended_at IS NOT NULL), 0)) AS at`,
  // For a process that owns some guilds (a shard): the newest action of each guild's games in play,
  // and the ends newest first, a page at a time, read until one of its guilds' turns up.
  newestActivePerGuild: `SELECT guild_id, MAX(last_action_at) AS newest FROM ${ACTIVE_GAMES} WHERE ${ACTIVE}
    GROUP BY guild_id`,
  endsBefore: `SELECT guild_id, ended_at FROM games INDEXED BY games_by_end
    WHERE ended_at IS NOT NULL AND ended_at < @before ORDER BY ended_at DESC LIMIT @limit`,
  // In any order: the store sorts them. Asked for by id, SQLite would rather read every game ever
  // played in id order.
  boardsChangedSince: `SELECT id, guild_id, state,
      (SELECT record FROM turn_history t WHERE t.game_id = g.id ORDER BY turn DESC LIMIT 1) AS last_turn
    FROM games g INDEXED BY games_one_active_per_channel
    WHERE g.${ACTIVE} AND g.status = 'playing' AND g.board_message_id IS NOT NULL AND g.last_action_at >= @since
    UNION ALL
    SELECT id, guild_id, state, NULL AS last_turn
    FROM games g
    WHERE g.ended_at >= @since AND g.board_message_id IS NOT NULL`,
  resultsOf: `SELECT ${RESULT_COLUMNS} FROM game_results WHERE game_id IN (SELECT value FROM json_each(@gameIds))
    ORDER BY game_id, place, player_id`,
};
