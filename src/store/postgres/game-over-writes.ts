import type pg from 'pg';
import { periodKeysOf } from '../../stats/periods.js';
import type { PlayerTotals } from '../../stats/player-totals.js';
import {
  type EndedGame,
  type GameOver,
  type PlayerName,
  type SeriesLine,
  type SkillResult,
  type StatLine,
  seriesLinesAfter,
  statLinesAfter,
} from '../game-over.js';
import { type StatColumns, statColumns, totalsFromColumns } from '../stat-columns.js';
import { type SeasonRow, toSeason } from '../stored-rows.js';
import { Parameters, type Statement } from './row-writes.js';
import { WRITE_QUERIES } from './write-queries.js';

/** Takes the server's lock for this transaction (see WRITE_QUERIES.guildLock). */
export async function lockGuild(client: pg.ClientBase, guildId: string): Promise<void> {
  await client.query({ ...WRITE_QUERIES.guildLock, values: [guildId] });
}

/**
 * Adds a finished game's people to their aggregates, for each period, in the season current now,
 * inside the transaction that ended the game, which holds the server's lock: read, add, write back.
 */
export async function writeStatistics(client: pg.ClientBase, game: EndedGame, over: GameOver): Promise<void> {
  if (over.records.length === 0 && over.skill.length === 0) return;
  const [seasonRow] = (await client.query<SeasonRow>({ ...WRITE_QUERIES.currentSeason, values: [game.guildId] })).rows;
  const periods = periodKeysOf(game.finishedAt, toSeason(seasonRow).number);
  const players = over.records.map((record) => record.playerId);
  const stored = await client.query<StatColumns & { period: string; player_id: string }>({
    ...WRITE_QUERIES.statLines,
    values: [game.guildId, over.rules, players, periods],
  });
  const totals = new Map<string, PlayerTotals>(
    stored.rows.map((row) => [`${row.period} ${row.player_id}`, totalsFromColumns(row)]),
  );
  const series = await client.query<Omit<SeriesLine, 'playerId'> & { player_id: string }>({
    ...WRITE_QUERIES.seriesLines,
    values: [game.seriesId, players],
  });
  const seriesBefore = new Map(series.rows.map((row) => [row.player_id, row]));
  await client.query(
    statisticsStatement(
      game,
      over.rules,
      statLinesAfter(over, game.finishedAt, periods, (playerId, period) => totals.get(`${period} ${playerId}`)),
      seriesLinesAfter(over, (playerId) => seriesBefore.get(playerId)),
      over.names,
      periods.flatMap((period) => over.skill.map((skill) => ({ period, ...skill }))),
    ),
  );
}

/** Every aggregate row a game changes, and the names it knows, in one statement. */
function statisticsStatement(
  game: EndedGame,
  rules: string,
  lines: readonly StatLine[],
  seriesLines: readonly SeriesLine[],
  names: readonly PlayerName[],
  skillLines: readonly (SkillResult & { readonly period: string })[],
): Statement {
  const params = new Parameters();
  const guildId = params.add(game.guildId, 'text');
  const stats = params.unnest(
    's',
    lines.map((line) => ({ period: line.period, player_id: line.playerId, ...statColumns(line.totals) })),
    `period text, player_id text, games int, wins int, total int, best int, crags int, skill_loss float8, luck float8,
      row_points text, row_zeros text, recent text`,
  );
  const series = params.unnest(
    'p',
    seriesLines.map(({ playerId, ...line }) => ({ player_id: playerId, ...line })),
    'player_id text, games int, wins int, total int, best int',
  );
  const playerNames = params.unnest(
    'n',
    names.map((name) => ({ player_id: name.playerId, name: name.name })),
    'player_id text, name text',
  );
  const skill = params.unnest(
    'k',
    skillLines.map(({ playerId, ...line }) => ({ player_id: playerId, ...line })),
    'period text, player_id text, name text, decisions int, loss float8',
  );
  const text = `WITH skill_written AS (
      INSERT INTO skill_totals (guild_id, period, rules, player_id, name, games, decisions, loss, loss_squared,
        decisions_squared, loss_times_decisions)
      SELECT ${guildId}, k.period, ${params.add(rules, 'text')}, k.player_id, k.name, 1, k.decisions, k.loss,
        k.loss * k.loss, k.decisions::bigint * k.decisions, k.loss * k.decisions
      FROM ${skill}
      ON CONFLICT (guild_id, period, rules, player_id) DO UPDATE SET
        name = COALESCE(excluded.name, skill_totals.name), games = skill_totals.games + 1,
        decisions = skill_totals.decisions + excluded.decisions, loss = skill_totals.loss + excluded.loss,
        loss_squared = skill_totals.loss_squared + excluded.loss_squared,
        decisions_squared = skill_totals.decisions_squared + excluded.decisions_squared,
        loss_times_decisions = skill_totals.loss_times_decisions + excluded.loss_times_decisions
    ), stats_written AS (
      INSERT INTO player_stats (guild_id, period, rules, player_id, games, wins, total, best, crags, skill_loss, luck,
        row_points, row_zeros, recent)
      SELECT ${guildId}, s.period, ${params.add(rules, 'text')}, s.player_id, s.games, s.wins, s.total, s.best, s.crags,
        s.skill_loss, s.luck, s.row_points, s.row_zeros, s.recent
      FROM ${stats}
      ON CONFLICT (guild_id, period, rules, player_id) DO UPDATE SET games = excluded.games, wins = excluded.wins,
        total = excluded.total, best = excluded.best, crags = excluded.crags, skill_loss = excluded.skill_loss,
        luck = excluded.luck, row_points = excluded.row_points, row_zeros = excluded.row_zeros, recent = excluded.recent
    ), series_written AS (
      INSERT INTO series_players (series_id, player_id, games, wins, total, best)
      SELECT ${params.add(game.seriesId, 'bigint')}, p.player_id, p.games, p.wins, p.total, p.best
      FROM ${series}
      ON CONFLICT (series_id, player_id) DO UPDATE SET games = excluded.games, wins = excluded.wins,
        total = excluded.total, best = excluded.best
    )
    INSERT INTO player_names (guild_id, player_id, name)
    SELECT ${guildId}, n.player_id, n.name FROM ${playerNames}
    ON CONFLICT (guild_id, player_id) DO UPDATE SET name = excluded.name`;
  return { name: 'crag_write_statistics', text, values: params.values };
}
