import type Database from 'better-sqlite3';
import type { SeriesLine, SkillResult } from '../game-over.js';
import type { GameMetaRow, GameRow } from '../game-rows.js';
import type { RatingLine } from '../rating-lines.js';
import { GAME_COLUMNS, STANDARD_QUERIES, STAT_COLUMNS } from '../standard-queries.js';
import type { StatColumns } from '../stat-columns.js';
import type { SeasonRow } from '../stored-rows.js';
import { QUERIES } from './queries.js';

type InsertParams = {
  guildId: string;
  channelId: string;
  seriesId: number;
  boardMessageId: string | null;
  status: string;
  state: string;
  version: number;
  turnTimerSeconds: number;
  hintsEnabled: number;
  pingsEnabled: number;
  viaWebhooks: number;
  turnDeadline: number | null;
  now: number;
  endedAt: number | null;
};

type UpdateParams = {
  id: number;
  expectedVersion: number;
  state: string;
  version: number;
  now: number;
  turnDeadline: number | null;
};

export type StatLineParams = StatColumns & { guildId: string; period: string; rules: string; playerId: string };
export type SkillLineParams = SkillResult & { guildId: string; period: string; rules: string };

/**
 * The statements of SQLite's write path (backend.ts), prepared once when the store opens; the reads
 * it needs inside its transactions are the store's own (queries.ts).
 */
export function prepareWrites(db: Database.Database) {
  return {
    activeInChannel: db.prepare<{ channelId: string }, GameRow>(QUERIES.activeInChannel),
    gameById: db.prepare<{ id: number }, GameRow>(QUERIES.gameById),
    insertSeries: db.prepare<[string, string, string, number]>(
      'INSERT INTO series (guild_id, channel_id, rules, created_at) VALUES (?, ?, ?, ?)',
    ),
    seriesInGuild: db.prepare<[number, string], { id: number }>('SELECT id FROM series WHERE id = ? AND guild_id = ?'),
    insertGame: db.prepare<InsertParams, GameMetaRow>(
      `INSERT INTO games (guild_id, channel_id, series_id, series_game_number, board_message_id, status, state,
         state_version, turn_timer_seconds, hints_enabled, pings_enabled, turn_deadline, created_at, updated_at,
         last_action_at, ended_at, via_webhooks)
       VALUES (@guildId, @channelId, @seriesId,
         (SELECT COALESCE(MAX(series_game_number), 0) + 1 FROM games WHERE series_id = @seriesId),
         @boardMessageId, @status, @state, @version, @turnTimerSeconds, @hintsEnabled, @pingsEnabled, @turnDeadline,
         @now, @now, @now, @endedAt, @viaWebhooks)
       RETURNING ${GAME_COLUMNS}`,
    ),
    // board_message_id is left alone (see setBoardMessage) and read back.
    updateState: db.prepare<UpdateParams, { board_message_id: string | null }>(
      `UPDATE games SET state = @state, state_version = @version, turn_deadline = @turnDeadline,
         updated_at = @now, last_action_at = @now
       WHERE id = @id AND state_version = @expectedVersion
       RETURNING board_message_id`,
    ),
    // Apart from updateState because SQLite rewrites the index entries of every column an UPDATE
    // sets, changed or not: status is in several indexes and changes about twice a game.
    updateStatus: db.prepare<[string, number]>('UPDATE games SET status = ? WHERE id = ?'),
    // The end of a game: its status and when, once (see games_by_end).
    endGame: db.prepare<[string, number, number]>('UPDATE games SET status = ?, ended_at = ? WHERE id = ?'),
    packState: db.prepare<[string, number]>('UPDATE games SET state = ? WHERE id = ?'),
    historyOf: db.prepare<[number], string>('SELECT record FROM turn_history WHERE game_id = ? ORDER BY turn').pluck(),
    sheetRowsOf: db
      .prepare<[number], [string, string, number, number]>(
        'SELECT player_id, row, points, round FROM sheet_rows WHERE game_id = ? ORDER BY round, row',
      )
      .raw(),
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
    deleteSheetRows: db.prepare<[number]>('DELETE FROM sheet_rows WHERE game_id = ?'),
    deleteResults: db.prepare<[number]>('DELETE FROM game_results WHERE game_id = ?'),
    insertResult: db.prepare<
      [number, string, number, number, number, number, number | null, number | null, number | null]
    >(
      `INSERT INTO game_results (game_id, player_id, total, place, is_computer, won, skill_loss, luck, decisions)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
    currentSeason: db.prepare<{ guildId: string }, SeasonRow>(STANDARD_QUERIES.currentSeason),
    insertSeason: db.prepare<[string, number, number, string]>(
      'INSERT INTO seasons (guild_id, number, started_at, started_by) VALUES (?, ?, ?, ?)',
    ),
    statLine: db.prepare<[string, string, string, string], StatColumns>(
      `SELECT ${STAT_COLUMNS} FROM player_stats WHERE guild_id = ? AND period = ? AND rules = ? AND player_id = ?`,
    ),
    upsertStatLine: db.prepare<StatLineParams>(
      `INSERT INTO player_stats (guild_id, period, rules, player_id, ${STAT_COLUMNS})
       VALUES (@guildId, @period, @rules, @playerId, @games, @wins, @total, @best, @crags, @skill_loss, @luck,
         @row_points, @row_zeros, @recent)
       ON CONFLICT (guild_id, period, rules, player_id) DO UPDATE SET games = excluded.games, wins = excluded.wins,
         total = excluded.total, best = excluded.best, crags = excluded.crags, skill_loss = excluded.skill_loss,
         luck = excluded.luck, row_points = excluded.row_points, row_zeros = excluded.row_zeros,
         recent = excluded.recent`,
    ),
    seriesLine: db.prepare<[number, string], Omit<SeriesLine, 'playerId'>>(
      'SELECT games, wins, total, best FROM series_players WHERE series_id = ? AND player_id = ?',
    ),
    upsertSeriesLine: db.prepare<SeriesLine & { seriesId: number }>(
      `INSERT INTO series_players (series_id, player_id, games, wins, total, best)
       VALUES (@seriesId, @playerId, @games, @wins, @total, @best)
       ON CONFLICT (series_id, player_id) DO UPDATE SET games = excluded.games, wins = excluded.wins,
         total = excluded.total, best = excluded.best`,
    ),
    // Sums only: adding a game needs no read of the row first.
    upsertSkillLine: db.prepare<SkillLineParams>(
      `INSERT INTO skill_totals (guild_id, period, rules, player_id, name, games, decisions, loss, loss_squared,
         decisions_squared, loss_times_decisions)
       VALUES (@guildId, @period, @rules, @playerId, @name, 1, @decisions, @loss, @loss * @loss,
         @decisions * @decisions, @loss * @decisions)
       ON CONFLICT (guild_id, period, rules, player_id) DO UPDATE SET name = COALESCE(excluded.name, name),
         games = games + 1, decisions = decisions + excluded.decisions, loss = loss + excluded.loss,
         loss_squared = loss_squared + excluded.loss_squared,
         decisions_squared = decisions_squared + excluded.decisions_squared,
         loss_times_decisions = loss_times_decisions + excluded.loss_times_decisions`,
    ),
    upsertName: db.prepare<[string, string, string]>(
      `INSERT INTO player_names (guild_id, player_id, name) VALUES (?, ?, ?)
       ON CONFLICT (guild_id, player_id) DO UPDATE SET name = excluded.name`,
    ),
    ratingLine: db.prepare<[string, string], RatingLine>(
      'SELECT rated_id AS ratedId, mu, sigma, games FROM ratings WHERE rules = ? AND rated_id = ?',
    ),
    upsertRating: db.prepare<RatingLine & { rules: string; now: number }>(
      `INSERT INTO ratings (rules, rated_id, mu, sigma, games, updated_at)
       VALUES (@rules, @ratedId, @mu, @sigma, @games, @now)
       ON CONFLICT (rules, rated_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
         games = excluded.games, updated_at = excluded.updated_at`,
    ),
    nextRatingSeq: db
      .prepare<[string], number>('SELECT COALESCE(MAX(seq), 0) + 1 FROM rating_changes WHERE rules = ?')
      .pluck(),
    insertRatingChange: db.prepare<RatingLine & { seq: number; gameId: number; rules: string }>(
      `INSERT INTO rating_changes (seq, game_id, rules, rated_id, mu, sigma)
       VALUES (@seq, @gameId, @rules, @ratedId, @mu, @sigma)`,
    ),
    deleteRatings: db.prepare('DELETE FROM ratings'),
    updateRatingChange: db.prepare<{ gameId: number; ratedId: string; mu: number; sigma: number }>(
      'UPDATE rating_changes SET mu = @mu, sigma = @sigma WHERE game_id = @gameId AND rated_id = @ratedId',
    ),
    gamesToPack: db.prepare<[number], number>('SELECT game_id FROM games_to_pack ORDER BY game_id LIMIT ?').pluck(),
    packed: db.prepare<[number]>('DELETE FROM games_to_pack WHERE game_id = ?'),
  };
}

export type WriteStatements = ReturnType<typeof prepareWrites>;
