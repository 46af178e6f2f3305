const STAT_COLUMNS = 'games, wins, total, best, crags, skill_loss, luck, row_points, row_zeros, recent';
const FINISHED = `SELECT id, guild_id, channel_id, series_id, series_game_number, board_message_id, status, state_version,
  turn_timer_seconds, hints_enabled, turn_deadline, created_at, updated_at, last_action_at, state,
  NULL::json AS sheets, NULL::json AS history
  FROM games`;

/** The statistics' queries (aggregates, names, seasons, finished games), named so that a connection prepares each once. */
export const STATS_QUERIES = {
  /**
   * Taken first by every transaction that reads and writes a server's aggregates or seasons, so that
   * two processes ending games of one server at once never add to the same row from the same reading.
   * The one-key advisory lock space, apart from the migration lock's two keys.
   */
  guildLock: {
    name: 'crag_guild_lock',
    text: "SELECT pg_advisory_xact_lock(hashtextextended('crag guild ' || $1::text, 0))",
  },
  currentSeason: {
    name: 'crag_current_season',
    text: 'SELECT number, started_at, started_by FROM seasons WHERE guild_id = $1 ORDER BY number DESC LIMIT 1',
  },
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
  playerName: {
    name: 'crag_player_name',
    text: 'SELECT name FROM player_names WHERE guild_id = $1 AND player_id = $2',
  },
  // The rule sets listed, so the primary key is searched four times rather than read for every
  // player of the period.
  playerStats: {
    name: 'crag_player_stats',
    text: `SELECT rules, ${STAT_COLUMNS} FROM player_stats
           WHERE guild_id = $1 AND period = $2 AND player_id = $3 AND rules IN ('1-any', '1-no-pair', '2-any', '2-no-pair')`,
  },
  // Newest first through games_finished_by_guild (its predicate is written the same way) or games_by_channel.
  finishedInGuild: {
    name: 'crag_finished_in_guild',
    text: `${FINISHED} WHERE guild_id = $1 AND status = 'finished' AND id < $2 ORDER BY id DESC LIMIT $3`,
  },
  finishedInChannel: {
    name: 'crag_finished_in_channel',
    text: `${FINISHED} WHERE channel_id = $1 AND guild_id = $2 AND status = 'finished' AND id < $3
           ORDER BY id DESC LIMIT $4`,
  },
  resultsOf: {
    name: 'crag_results_of',
    text: `SELECT game_id, player_id, total, place, is_computer, won, skill_loss, luck FROM game_results
           WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, place, player_id`,
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
