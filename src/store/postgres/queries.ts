import { GAME_SELECT } from './game-rows.js';

const ACTIVE = "status IN ('lobby', 'playing')";

/**
 * The store's reads and its small writes, each named so that a connection prepares it once. The
 * saves and the new games are built by row-writes.ts, whose shape depends on what they write.
 */
export const QUERIES = {
  gameById: { name: 'crag_game_by_id', text: `${GAME_SELECT} WHERE g.id = $1` },
  activeInChannel: { name: 'crag_active_in_channel', text: `${GAME_SELECT} WHERE g.channel_id = $1 AND g.${ACTIVE}` },
  latestInChannel: {
    name: 'crag_latest_in_channel',
    text: `${GAME_SELECT} WHERE g.channel_id = $1 ORDER BY g.id DESC LIMIT 1`,
  },
  idleGames: {
    name: 'crag_idle_games',
    text: `${GAME_SELECT} WHERE g.${ACTIVE} AND g.last_action_at < $1 ORDER BY g.id`,
  },
  activeInGuild: {
    name: 'crag_active_in_guild',
    text: `${GAME_SELECT} WHERE g.guild_id = $1 AND g.${ACTIVE} ORDER BY g.id`,
  },
  // Lobbies that ended before anyone played (their state keeps round 0), with their series once
  // empty; foreign keys delete their rows with them. A game ends before it is last updated, so
  // `ended_at < $1` changes nothing but lets games_cancelled_by_end find them.
  purgeEndedLobbies: {
    name: 'crag_purge_ended_lobbies',
    text: `WITH gone AS (
             DELETE FROM games
             WHERE status = 'cancelled' AND ended_at < $1 AND updated_at < $1 AND (state ->> 'round')::int = 0
             RETURNING id, series_id
           ), emptied AS (
             DELETE FROM series s
             WHERE s.id IN (SELECT series_id FROM gone)
               AND NOT EXISTS (SELECT 1 FROM games g WHERE g.series_id = s.id AND g.id NOT IN (SELECT id FROM gone))
           )
           SELECT id FROM gone`,
  },
  // The level of the computer to move (NULL for a person), read in SQL: a restart with thousands
  // of games in play would otherwise parse every state just for this.
  turnsInPlay: {
    name: 'crag_turns_in_play',
    text: `SELECT id, guild_id, state_version, turn_deadline,
             state -> 'seats' -> ((state ->> 'currentSeat')::int) ->> 'computer' AS computer
           FROM games WHERE ${ACTIVE} AND status = 'playing' ORDER BY id`,
  },
  // The newest change is the latest of a game in play's last action or a game's end: the games in
  // play through their partial index, those that ended through games_by_end, never every game ever
  // played.
  newestChange: {
    name: 'crag_newest_change',
    text: `SELECT GREATEST((SELECT MAX(last_action_at) FROM games WHERE ${ACTIVE}),
                           (SELECT MAX(ended_at) FROM games WHERE ended_at IS NOT NULL)) AS at`,
  },
  // For a process that owns some guilds (a shard): the newest action of each guild's games in play,
  // and the ends newest first, a page at a time, read until one of its guilds' turns up.
  newestActivePerGuild: {
    name: 'crag_newest_active_per_guild',
    text: `SELECT guild_id, MAX(last_action_at) AS newest FROM games WHERE ${ACTIVE} GROUP BY guild_id`,
  },
  endsBefore: {
    name: 'crag_ends_before',
    text: `SELECT guild_id, ended_at FROM games WHERE ended_at IS NOT NULL AND ended_at < $1
           ORDER BY ended_at DESC LIMIT $2`,
  },
  boardsChangedSince: {
    name: 'crag_boards_changed_since',
    text: `SELECT id, guild_id, state,
             (SELECT record FROM turn_history t WHERE t.game_id = g.id ORDER BY turn DESC LIMIT 1) AS last_turn
           FROM games g
           WHERE g.status = 'playing' AND g.board_message_id IS NOT NULL AND g.last_action_at >= $1
           UNION ALL
           SELECT id, guild_id, state, NULL AS last_turn
           FROM games g
           WHERE g.ended_at >= $1 AND g.board_message_id IS NOT NULL
           ORDER BY id`,
  },
  setBoardMessage: {
    name: 'crag_set_board_message',
    text: 'UPDATE games SET board_message_id = $1, updated_at = $2 WHERE id = $3',
  },
  setPingMessage: {
    name: 'crag_set_ping_message',
    text: 'UPDATE games SET ping_message_id = $1 WHERE id = $2',
  },
  insertSeries: {
    name: 'crag_insert_series',
    text: 'INSERT INTO series (guild_id, channel_id, rules, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
  },
  seriesInGuild: { name: 'crag_series_in_guild', text: 'SELECT id FROM series WHERE id = $1 AND guild_id = $2' },
  seriesGames: {
    name: 'crag_series_games',
    text: 'SELECT id, series_game_number, status FROM games WHERE series_id = $1 ORDER BY series_game_number',
  },
  seriesResults: {
    name: 'crag_series_results',
    text: `SELECT r.game_id, r.player_id, r.total, r.place, r.is_computer
           FROM games g JOIN game_results r ON r.game_id = g.id
           WHERE g.series_id = $1 ORDER BY r.place, r.player_id`,
  },
} as const;
