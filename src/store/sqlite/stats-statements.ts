import type Database from 'better-sqlite3';
import type { SeriesLine } from '../game-over.js';
import type { StatColumns } from '../stat-columns.js';
import type { SeasonRow, StatsRow } from '../stored-rows.js';
import type { GameRow } from './statements.js';

const STAT_COLUMNS = 'games, wins, total, best, crags, skill_loss, luck, row_points, row_zeros, recent';
const FINISHED_COLUMNS = `id, guild_id, channel_id, series_id, series_game_number, board_message_id, status, state_version,
  turn_timer_seconds, hints_enabled, turn_deadline, created_at, updated_at, last_action_at, state`;

export type StatLineParams = StatColumns & { guildId: string; period: string; rules: string; playerId: string };
type SeriesLineRow = Omit<SeriesLine, 'playerId'>;

/** The statistics' queries (aggregates, names, seasons, finished games), prepared once when the store opens. */
export function prepareStatsStatements(db: Database.Database) {
  return {
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
    seriesLine: db.prepare<[number, string], SeriesLineRow>(
      'SELECT games, wins, total, best FROM series_players WHERE series_id = ? AND player_id = ?',
    ),
    upsertSeriesLine: db.prepare<SeriesLine & { seriesId: number }>(
      `INSERT INTO series_players (series_id, player_id, games, wins, total, best)
       VALUES (@seriesId, @playerId, @games, @wins, @total, @best)
       ON CONFLICT (series_id, player_id) DO UPDATE SET games = excluded.games, wins = excluded.wins,
         total = excluded.total, best = excluded.best`,
    ),
    upsertName: db.prepare<[string, string, string]>(
      `INSERT INTO player_names (guild_id, player_id, name) VALUES (?, ?, ?)
       ON CONFLICT (guild_id, player_id) DO UPDATE SET name = excluded.name`,
    ),
    playerName: db.prepare<[string, string], { name: string }>(
      'SELECT name FROM player_names WHERE guild_id = ? AND player_id = ?',
    ),
    // The rule sets listed, so the primary key is searched four times rather than read for every
    // player of the period.
    playerStats: db.prepare<[string, string, string], StatsRow>(
      `SELECT rules, ${STAT_COLUMNS} FROM player_stats
       WHERE guild_id = ? AND period = ? AND player_id = ? AND rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')`,
    ),
    currentSeason: db.prepare<[string], SeasonRow>(
      'SELECT number, started_at, started_by FROM seasons WHERE guild_id = ? ORDER BY number DESC LIMIT 1',
    ),
    insertSeason: db.prepare<[string, number, number, string]>(
      'INSERT INTO seasons (guild_id, number, started_at, started_by) VALUES (?, ?, ?, ?)',
    ),
    // Newest first through games_finished_by_guild (its predicate is written the same way) or games_by_channel.
    finishedInGuild: db.prepare<[string, number, number], GameRow>(
      `SELECT ${FINISHED_COLUMNS} FROM games WHERE guild_id = ? AND status = 'finished' AND id < ?
       ORDER BY id DESC LIMIT ?`,
    ),
    finishedInChannel: db.prepare<[string, string, number, number], GameRow>(
      `SELECT ${FINISHED_COLUMNS} FROM games WHERE channel_id = ? AND guild_id = ? AND status = 'finished' AND id < ?
       ORDER BY id DESC LIMIT ?`,
    ),
    gamesToPack: db.prepare<[number], number>('SELECT game_id FROM games_to_pack ORDER BY game_id LIMIT ?').pluck(),
    packed: db.prepare<[number]>('DELETE FROM games_to_pack WHERE game_id = ?'),
  };
}

export type StatsStatements = ReturnType<typeof prepareStatsStatements>;
