import type Database from 'better-sqlite3';
import type { ChangedBoardRow, LeaderboardFilter, RankedRow, ResultRow } from '../stored-rows.js';
import type { RankBy } from '../types.js';
import { type LeaderboardScope, leaderboardRankSql, leaderboardSql, SERIES_TOTALS_SQL } from './leaderboard-sql.js';

/** A `games` row without the state JSON, which is only parsed when a caller needs it. */
export interface GameMetaRow {
  id: number;
  guild_id: string;
  channel_id: string;
  series_id: number;
  series_game_number: number;
  board_message_id: string | null;
  status: string;
  state_version: number;
  turn_timer_seconds: number;
  hints_enabled: number;
  pings_enabled: number;
  ping_message_id: string | null;
  turn_deadline: number | null;
  created_at: number;
  updated_at: number;
  last_action_at: number;
}

export interface GameRow extends GameMetaRow {
  state: string;
}

export interface TotalsRow {
  player_id: string;
  total: number;
  games: number;
  wins: number;
}

const META_COLUMNS = `id, guild_id, channel_id, series_id, series_game_number, board_message_id, status, state_version,
  turn_timer_seconds, hints_enabled, pings_enabled, ping_message_id, turn_deadline, created_at, updated_at,
  last_action_at`;
const ACTIVE = "status IN ('lobby', 'playing')";
/**
 * The games table read through the partial index of active games, for queries that want only those:
 * left to itself, SQLite may read every game ever played (there is no index on a guild's active
 * games, nor on last_action_at).
 */
const ACTIVE_GAMES = 'games INDEXED BY games_one_active_per_channel';

type LeaderboardParams = LeaderboardFilter & { limit: number };
type RankParams = LeaderboardFilter & { playerId: string };

/** One prepared statement per leaderboard scope and ranking. */
function byScopeAndRanking<T>(
  prepare: (scope: LeaderboardScope, rankBy: RankBy) => T,
): Readonly<Record<LeaderboardScope, Readonly<Record<RankBy, T>>>> {
  return {
    server: { total: prepare('server', 'total'), average: prepare('server', 'average') },
    series: { total: prepare('series', 'total'), average: prepare('series', 'average') },
  };
}

/** Every query the store runs, prepared once when the store opens. */
export function prepareStatements(db: Database.Database) {
  return {
    insertSeries: db.prepare<[string, string, string, number]>(
      'INSERT INTO series (guild_id, channel_id, rules, created_at) VALUES (?, ?, ?, ?)',
    ),
    seriesInGuild: db.prepare<[number, string], { id: number }>('SELECT id FROM series WHERE id = ? AND guild_id = ?'),
    nextSeriesGameNumber: db.prepare<[number], { next: number }>(
      'SELECT COALESCE(MAX(series_game_number), 0) + 1 AS next FROM games WHERE series_id = ?',
    ),
    insertGame: db.prepare<{
      guildId: string;
      channelId: string;
      seriesId: number;
      seriesGameNumber: number;
      boardMessageId: string | null;
      status: string;
      state: string;
      version: number;
      turnTimerSeconds: number;
      hintsEnabled: number;
      pingsEnabled: number;
      turnDeadline: number | null;
      now: number;
      endedAt: number | null;
    }>(`INSERT INTO games (guild_id, channel_id, series_id, series_game_number, board_message_id, status, state,
          state_version, turn_timer_seconds, hints_enabled, pings_enabled, turn_deadline, created_at, updated_at,
          last_action_at, ended_at)
        VALUES (@guildId, @channelId, @seriesId, @seriesGameNumber, @boardMessageId, @status, @state,
          @version, @turnTimerSeconds, @hintsEnabled, @pingsEnabled, @turnDeadline, @now, @now, @now, @endedAt)`),
    gameById: db.prepare<[number], GameRow>(`SELECT ${META_COLUMNS}, state FROM games WHERE id = ?`),
    gameMeta: db.prepare<[number], GameMetaRow>(`SELECT ${META_COLUMNS} FROM games WHERE id = ?`),
    activeInChannel: db.prepare<[string], GameRow>(
      `SELECT ${META_COLUMNS}, state FROM games WHERE channel_id = ? AND ${ACTIVE}`,
    ),
    latestInChannel: db.prepare<[string], GameRow>(
      `SELECT ${META_COLUMNS}, state FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1`,
    ),
    // The level of the computer to move (NULL for a person), read in SQL: a restart with thousands
    // of games in play would otherwise parse every state just for this.
    turnsInPlay: db.prepare<
      [],
      { id: number; guild_id: string; state_version: number; turn_deadline: number | null; computer: string | null }
    >(
      `SELECT id, guild_id, state_version, turn_deadline,
              json_extract(state, '$.seats[' || json_extract(state, '$.currentSeat') || '].computer') AS computer
       FROM games WHERE ${ACTIVE} AND status = 'playing' ORDER BY id`,
    ),
    // The newest change is the latest of a game in play's last action or a game's end: the games in
    // play through their partial index, those that ended through games_by_end, never every game ever
    // played.
    newestChange: db.prepare<[], { at: number }>(
      `SELECT MAX(COALESCE((SELECT MAX(last_action_at) FROM ${ACTIVE_GAMES} WHERE ${ACTIVE}), 0),
                  COALESCE((SELECT MAX(ended_at) FROM games WHERE ended_at IS NOT NULL), 0)) AS at`,
    ),
    // For a process that owns some guilds (a shard): the newest action of each guild's games in play,
    // and the ends newest first, read until one of its guilds' turns up.
    newestActivePerGuild: db.prepare<[], { guild_id: string; newest: number }>(
      `SELECT guild_id, MAX(last_action_at) AS newest FROM ${ACTIVE_GAMES} WHERE ${ACTIVE} GROUP BY guild_id`,
    ),
    endsNewestFirst: db.prepare<[], { guild_id: string; ended_at: number }>(
      `SELECT guild_id, ended_at FROM games INDEXED BY games_by_end WHERE ended_at IS NOT NULL ORDER BY ended_at DESC`,
    ),
    // In any order: the store sorts them. Asked for by id, SQLite would rather read every game ever
    // played in id order.
    boardsChangedSince: db.prepare<{ since: number }, ChangedBoardRow>(
      `SELECT id, guild_id, state,
              (SELECT record FROM turn_history t WHERE t.game_id = g.id ORDER BY turn DESC LIMIT 1) AS last_turn
       FROM games g INDEXED BY games_one_active_per_channel
       WHERE g.${ACTIVE} AND g.status = 'playing' AND g.board_message_id IS NOT NULL AND g.last_action_at >= @since
       UNION ALL
       SELECT id, guild_id, state, NULL AS last_turn
       FROM games g
       WHERE g.ended_at >= @since AND g.board_message_id IS NOT NULL`,
    ),
    activeInGuild: db.prepare<[string], GameRow>(
      `SELECT ${META_COLUMNS}, state FROM ${ACTIVE_GAMES} WHERE guild_id = ? AND ${ACTIVE} ORDER BY id`,
    ),
    // A lobby that ended keeps round 0 in its state; games that were played are kept for good. A game
    // ends before it is last updated, so `ended_at < @before` changes nothing but lets
    // games_ended_lobbies find them.
    endedLobbies: db.prepare<{ before: number }, { id: number; series_id: number }>(
      `SELECT id, series_id FROM games
       WHERE status = 'cancelled' AND ended_at < @before AND updated_at < @before
         AND json_extract(state, '$.round') = 0`,
    ),
    deleteGame: db.prepare<[number]>('DELETE FROM games WHERE id = ?'),
    deleteEmptySeries: db.prepare<{ series: number }>(
      'DELETE FROM series WHERE id = @series AND NOT EXISTS (SELECT 1 FROM games WHERE series_id = @series)',
    ),
    idleGames: db.prepare<[number], GameRow>(
      `SELECT ${META_COLUMNS}, state FROM ${ACTIVE_GAMES} WHERE ${ACTIVE} AND last_action_at < ? ORDER BY id`,
    ),
    updateState: db.prepare<{
      id: number;
      expectedVersion: number;
      state: string;
      version: number;
      now: number;
      turnDeadline: number | null;
      boardMessageId: string | null;
    }>(`UPDATE games SET state = @state, state_version = @version, turn_deadline = @turnDeadline,
          board_message_id = @boardMessageId, updated_at = @now, last_action_at = @now
        WHERE id = @id AND state_version = @expectedVersion`),
    // Apart from updateState because SQLite rewrites the index entries of every column an UPDATE
    // sets, changed or not: status is in several indexes and changes about twice a game.
    updateStatus: db.prepare<[string, number]>('UPDATE games SET status = ? WHERE id = ?'),
    // The end of a game: its status and when, once (see games_by_end).
    endGame: db.prepare<[string, number, number]>('UPDATE games SET status = ?, ended_at = ? WHERE id = ?'),
    packState: db.prepare<[string, number]>('UPDATE games SET state = ? WHERE id = ?'),
    setBoardMessage: db.prepare<[string | null, number, number]>(
      'UPDATE games SET board_message_id = ?, updated_at = ? WHERE id = ?',
    ),
    setPingMessage: db.prepare<[string | null, number]>('UPDATE games SET ping_message_id = ? WHERE id = ?'),
    historyOf: db.prepare<[number], { record: string }>(
      'SELECT record FROM turn_history WHERE game_id = ? ORDER BY turn',
    ),
    sheetRowsOf: db.prepare<[number], { player_id: string; row: string; points: number; round: number }>(
      'SELECT player_id, row, points, round FROM sheet_rows WHERE game_id = ? ORDER BY round, row',
    ),
    insertTurn: db.prepare<[number, number, string]>(
      'INSERT INTO turn_history (game_id, turn, record) VALUES (?, ?, ?)',
    ),
    deleteTurnsFrom: db.prepare<[number, number]>('DELETE FROM turn_history WHERE game_id = ? AND turn >= ?'),
    upsertSheetRow: db.prepare<[number, string, string, number, number]>(
      `INSERT INTO sheet_rows (game_id, player_id, row, points, round) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (game_id, player_id, row) DO UPDATE SET points = excluded.points, round = excluded.round`,
    ),
    deleteSheetRow: db.prepare<[number, string, string]>(
      'DELETE FROM sheet_rows WHERE game_id = ? AND player_id = ? AND row = ?',
    ),
    deleteResults: db.prepare<[number]>('DELETE FROM game_results WHERE game_id = ?'),
    insertResult: db.prepare<
      [number, string, number, number, number, number, number | null, number | null, number | null]
    >(
      `INSERT INTO game_results (game_id, player_id, total, place, is_computer, won, skill_loss, luck, decisions)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    resultsOf: db.prepare<[number], ResultRow>(
      `SELECT game_id, player_id, total, place, is_computer, won, skill_loss, luck
       FROM game_results WHERE game_id = ? ORDER BY place, player_id`,
    ),
    deleteSheetRows: db.prepare<[number]>('DELETE FROM sheet_rows WHERE game_id = ?'),
    seriesGames: db.prepare<[number], { id: number; series_game_number: number; status: string }>(
      'SELECT id, series_game_number, status FROM games WHERE series_id = ? ORDER BY series_game_number',
    ),
    seriesResults: db.prepare<[number], ResultRow>(
      `SELECT r.game_id, r.player_id, r.total, r.place, r.is_computer, r.won, r.skill_loss, r.luck
       FROM games g JOIN game_results r ON r.game_id = g.id
       WHERE g.series_id = ? ORDER BY r.place, r.player_id`,
    ),
    seriesTotals: db.prepare<[number], TotalsRow>(SERIES_TOTALS_SQL),
    leaderboard: byScopeAndRanking((scope, rankBy) =>
      db.prepare<LeaderboardParams, RankedRow>(leaderboardSql(scope, rankBy)),
    ),
    leaderboardRank: byScopeAndRanking((scope, rankBy) =>
      db.prepare<RankParams, RankedRow>(leaderboardRankSql(scope, rankBy)),
    ),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;
