import type pg from 'pg';
import { periodKeysOf } from '../../stats/periods.js';
import type { PlayerTotals } from '../../stats/player-totals.js';
import {
  type EndedGame,
  type GameOver,
  type PlayerName,
  type SeriesLine,
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
  if (over.records.length === 0) return;
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
      statLinesAfter(over, periods, (playerId, period) => totals.get(`${period} ${playerId}`)),
      seriesLinesAfter(over, (playerId) => seriesBefore.get(playerId)),
      over.names,
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
): Statement {
  const params = new Parameters();
  const guildId = params.add(game.guildId, 'text');
  const stat = <T>(type: string, pick: (columns: StatColumns, line: StatLine) => T) =>
    params.add(
      lines.map((line) => pick(statColumns(line.totals), line)),
      type,
    );
  const statRows = [
    stat('text[]', (_, line) => line.period),
    stat('text[]', (_, line) => line.playerId),
    stat('int[]', (columns) => columns.games),
    stat('int[]', (columns) => columns.wins),
    stat('int[]', (columns) => columns.total),
    stat('int[]', (columns) => columns.best),
    stat('int[]', (columns) => columns.crags),
    stat('float8[]', (columns) => columns.skill_loss),
    stat('float8[]', (columns) => columns.luck),
    stat('text[]', (columns) => columns.row_points),
    stat('text[]', (columns) => columns.row_zeros),
    stat('text[]', (columns) => columns.recent),
  ];
  const series = (type: string, pick: (line: SeriesLine) => unknown) => params.add(seriesLines.map(pick), type);
  const seriesRows = [
    series('text[]', (line) => line.playerId),
    series('int[]', (line) => line.games),
    series('int[]', (line) => line.wins),
    series('int[]', (line) => line.total),
    series('int[]', (line) => line.best),
  ];
  const nameRows = [
    params.add(
      names.map((name) => name.playerId),
      'text[]',
    ),
    params.add(
      names.map((name) => name.name),
      'text[]',
    ),
  ];
  const text = `WITH stats_written AS (
      INSERT INTO player_stats (guild_id, period, rules, player_id, games, wins, total, best, crags, skill_loss, luck,
        row_points, row_zeros, recent)
      SELECT ${guildId}, s.period, ${params.add(rules, 'text')}, s.player_id, s.games, s.wins, s.total, s.best, s.crags,
        s.skill_loss, s.luck, s.row_points, s.row_zeros, s.recent
      FROM unnest(${statRows.join(', ')})
        AS s(period, player_id, games, wins, total, best, crags, skill_loss, luck, row_points, row_zeros, recent)
      ON CONFLICT (guild_id, period, rules, player_id) DO UPDATE SET games = excluded.games, wins = excluded.wins,
        total = excluded.total, best = excluded.best, crags = excluded.crags, skill_loss = excluded.skill_loss,
        luck = excluded.luck, row_points = excluded.row_points, row_zeros = excluded.row_zeros, recent = excluded.recent
    ), series_written AS (
      INSERT INTO series_players (series_id, player_id, games, wins, total, best)
      SELECT ${params.add(game.seriesId, 'bigint')}, p.player_id, p.games, p.wins, p.total, p.best
      FROM unnest(${seriesRows.join(', ')}) AS p(player_id, games, wins, total, best)
      ON CONFLICT (series_id, player_id) DO UPDATE SET games = excluded.games, wins = excluded.wins,
        total = excluded.total, best = excluded.best
    )
    INSERT INTO player_names (guild_id, player_id, name)
    SELECT ${guildId}, n.player_id, n.name FROM unnest(${nameRows.join(', ')}) AS n(player_id, name)
    ON CONFLICT (guild_id, player_id) DO UPDATE SET name = excluded.name`;
  return { name: 'crag_write_statistics', text, values: params.values };
}
