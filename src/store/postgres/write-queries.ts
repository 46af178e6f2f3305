import { STANDARD_QUERIES, STAT_COLUMNS } from '../standard-queries.js';
import { type NamedQuery, positional } from './named-parameters.js';

/** A query's name and text, for its values given by position. */
function queryText({ name, text }: NamedQuery): { name: string; text: string } {
  return { name, text };
}

/**
 * The fixed statements of PostgreSQL's write path (backend.ts, game-over-writes.ts), named so that
 * a connection prepares each once. The saves and the new games are built by row-writes.ts.
 */
export const WRITE_QUERIES = {
  /**
   * Taken first by every transaction that reads and writes a server's aggregates or seasons, so that
   * two processes ending games of one server at once never add to the same row from the same reading.
   * The one-key advisory lock space, apart from the migration lock's two keys.
   */
  guildLock: {
    name: 'crag_guild_lock',
    text: "SELECT pg_advisory_xact_lock(hashtextextended('crag guild ' || $1::text, 0))",
  },
  insertSeries: {
    name: 'crag_insert_series',
    text: 'INSERT INTO series (guild_id, channel_id, rules, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
  },
  seriesInGuild: { name: 'crag_series_in_guild', text: 'SELECT id FROM series WHERE id = $1 AND guild_id = $2' },
  /** The store's own read (standard-queries.ts), inside a transaction that holds the server's lock. */
  currentSeason: queryText(positional('currentSeason', STANDARD_QUERIES.currentSeason)),
  insertSeason: {
    name: 'crag_insert_season',
    text: 'INSERT INTO seasons (guild_id, number, started_at, started_by) VALUES ($1, $2, $3, $4)',
  },
  statLines: {
    name: 'crag_stat_lines',
    text: `SELECT period, player_id, ${STAT_COLUMNS} FROM player_stats
           WHERE guild_id = $1 AND rules = $2 AND player_id = ANY($3::text[]) AND period = ANY($4::text[])`,
  },
  seriesLines: {
    name: 'crag_series_lines',
    text: `SELECT player_id, games, wins, total, best FROM series_players
           WHERE series_id = $1 AND player_id = ANY($2::text[])`,
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
  /** One game from before migration 2, claimed for this transaction; another process skips it. */
  claimGameToPack: {
    name: 'crag_claim_game_to_pack',
    text: `DELETE FROM games_to_pack WHERE game_id = (
             SELECT game_id FROM games_to_pack ORDER BY game_id LIMIT 1 FOR UPDATE SKIP LOCKED
           ) RETURNING game_id`,
  },
  packLegacy: {
    name: 'crag_pack_legacy',
    text: `WITH results_removed AS (DELETE FROM game_results WHERE game_id = $1)
           UPDATE games SET state = $2::json WHERE id = $1`,
  },
} as const;
