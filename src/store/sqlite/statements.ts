import type Database from 'better-sqlite3';
import type { LeaderboardFilter, RankedRow, ResultRow } from '../stored-rows.js';
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
  turn_timer_seconds, hints_enabled, turn_deadline, created_at, updated_at, last_action_at`;
const ACTIVE = "status IN ('lobby', 'playing')";

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
      turnDeadline: number | null;
      now: number;
    }>(`INSERT INTO games (guild_id, channel_id, series_id, series_game_number, board_message_id, status, state,
          state_version, turn_timer_seconds, hints_enabled, turn_deadline, created_at, updated_at, last_action_at)
        VALUES (@guildId, @channelId, @seriesId, @seriesGameNumber, @boardMessageId, @status, @state,
          @version, @turnTimerSeconds, @hintsEnabled, @turnDeadline, @now, @now, @now)`),
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
    // Through games_by_last_action (newest actions only), in any order: the store sorts them. Asked
    // for by id, SQLite would rather read every game ever played in id order.
    recentlyChangedBoards: db.prepare<
      [number],
      { id: number; guild_id: string; state: string; last_turn: string | null }
    >(
      `SELECT id, guild_id, state,
              (SELECT record FROM turn_history t WHERE t.game_id = games.id ORDER BY turn DESC LIMIT 1) AS last_turn
       FROM games
       WHERE board_message_id IS NOT NULL AND status <> 'lobby'
         AND last_action_at >= (SELECT MAX(last_action_at) FROM games) - ?`,
    ),
    // The unary + keeps SQLite off games_by_last_action, whose range would hold nearly every finished
    // game: it reads the active games' partial index instead.
    idleGames: db.prepare<[number], GameRow>(
      `SELECT ${META_COLUMNS}, state FROM games WHERE ${ACTIVE} AND +last_action_at < ? ORDER BY id`,
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
    // sets, changed or not: status is in two indexes and changes about twice a game.
    updateStatus: db.prepare<[string, number]>('UPDATE games SET status = ? WHERE id = ?'),
    packState: db.prepare<[string, number]>('UPDATE games SET state = ? WHERE id = ?'),
    setBoardMessage: db.prepare<[string | null, number, number]>(
      'UPDATE games SET board_message_id = ?, updated_at = ? WHERE id = ?',
    ),
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
    insertResult: db.prepare<[number, string, number, number, number, number, number | null, number | null]>(
      `INSERT INTO game_results (game_id, player_id, total, place, is_computer, won, skill_loss, luck)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
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
