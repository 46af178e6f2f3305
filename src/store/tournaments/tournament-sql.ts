/**
 * The tournament store's SQL, written once for both backends: `?` placeholders become `$1, $2…`
 * for PostgreSQL, and `played` is compared as a boolean there and as 0/1 in SQLite.
 */
export type TournamentDialect = 'sqlite' | 'postgres';

function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

const COLUMNS = `id, guild_id, name, organiser_id, rules, format, rounds, round_seconds, channel_id,
  signup_message_id, announce_channel_id, status, round, round_closes_at, announced_round, created_at`;

export function tournamentSql(dialect: TournamentDialect) {
  const q = dialect === 'postgres' ? numbered : (sql: string) => sql;
  return {
    create: q(
      `INSERT INTO tournaments (guild_id, name, organiser_id, rules, format, rounds, round_seconds, channel_id,
         announce_channel_id, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?) RETURNING ${COLUMNS}`,
    ),
    setSignupMessage: q('UPDATE tournaments SET signup_message_id = ? WHERE id = ?'),
    tournament: q(`SELECT ${COLUMNS} FROM tournaments WHERE id = ?`),
    ofGuild: q(`SELECT ${COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT ?`),
    join: q(
      `INSERT INTO tournament_entrants (tournament_id, player_id, name, joined_at)
       SELECT id, ?, ?, ? FROM tournaments WHERE id = ? AND status = 'signup'
       ON CONFLICT (tournament_id, player_id) DO NOTHING`,
    ),
    leaveBeforeStart: q(
      `DELETE FROM tournament_entrants WHERE tournament_id = ? AND player_id = ?
       AND (SELECT status FROM tournaments WHERE id = ?) = 'signup'`,
    ),
    leaveRunning: q(
      `UPDATE tournament_entrants SET out_in_round = (SELECT round FROM tournaments WHERE id = ?)
       WHERE tournament_id = ? AND player_id = ? AND out_in_round IS NULL
       AND (SELECT status FROM tournaments WHERE id = ?) = 'running'`,
    ),
    entrants: q(
      `SELECT player_id, name, out_in_round FROM tournament_entrants WHERE tournament_id = ?
       ORDER BY joined_at, player_id`,
    ),
    start: q(
      `UPDATE tournaments SET status = 'running', round = 1, round_closes_at = ? WHERE id = ? AND status = 'signup'`,
    ),
    cancel: q(
      `UPDATE tournaments SET status = 'cancelled', round_closes_at = NULL WHERE id = ? AND status IN ('signup', 'running')`,
    ),
    claimPlay: q(
      `INSERT INTO tournament_plays (tournament_id, round, player_id) VALUES (?, ?, ?)
       ON CONFLICT (tournament_id, round, player_id) DO NOTHING`,
    ),
    attachGame: q('UPDATE tournament_plays SET game_id = ? WHERE tournament_id = ? AND round = ? AND player_id = ?'),
    play: q(
      `SELECT round, player_id, seat_table, game_id, total, loss FROM tournament_plays
       WHERE tournament_id = ? AND round = ? AND player_id = ?`,
    ),
    roundPlays: q(
      `SELECT round, player_id, seat_table, game_id, total, loss FROM tournament_plays
       WHERE tournament_id = ? AND round = ? ORDER BY seat_table, player_id`,
    ),
    allPlays: q(
      `SELECT round, player_id, seat_table, game_id, total, loss FROM tournament_plays
       WHERE tournament_id = ? ORDER BY round, seat_table, player_id`,
    ),
    seatPlay: q('INSERT INTO tournament_plays (tournament_id, round, player_id, seat_table) VALUES (?, ?, ?, ?)'),
    roundSeated: q('SELECT COUNT(*) AS seated FROM tournament_plays WHERE tournament_id = ? AND round = ?'),
    attachTable: q('UPDATE tournament_plays SET game_id = ? WHERE tournament_id = ? AND round = ? AND seat_table = ?'),
    // The guard of every close: only the round still open moves on, so a second close changes nothing.
    nextRound: q(
      `UPDATE tournaments SET round = round + 1, round_closes_at = ? WHERE id = ? AND round = ? AND status = 'running'`,
    ),
    finish: q(
      `UPDATE tournaments SET status = 'finished', round_closes_at = NULL WHERE id = ? AND round = ? AND status = 'running'`,
    ),
    insertPoints: q(
      `INSERT INTO tournament_points (tournament_id, round, player_id, played, total, loss, points)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    clearStandings: q('DELETE FROM tournament_standings WHERE tournament_id = ?'),
    insertStanding: q(
      `INSERT INTO tournament_standings
         (tournament_id, player_id, place, points, totals, loss, opponent_points, rounds_played)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    // The first lines by place (tournament_standings_by_place), and the asker's by its key.
    standingsPage: q(
      `SELECT s.player_id, s.place, s.points, s.totals, s.loss, s.opponent_points, s.rounds_played,
         e.name, e.out_in_round
       FROM tournament_standings s
       JOIN tournament_entrants e ON e.tournament_id = s.tournament_id AND e.player_id = s.player_id
       WHERE s.tournament_id = ? ORDER BY s.place, s.player_id LIMIT ?`,
    ),
    standingOf: q(
      `SELECT s.player_id, s.place, s.points, s.totals, s.loss, s.opponent_points, s.rounds_played,
         e.name, e.out_in_round
       FROM tournament_standings s
       JOIN tournament_entrants e ON e.tournament_id = s.tournament_id AND e.player_id = s.player_id
       WHERE s.tournament_id = ? AND s.player_id = ?`,
    ),
    points: q(
      `SELECT round, player_id, played, total, loss, points FROM tournament_points WHERE tournament_id = ?
       ORDER BY round, player_id`,
    ),
    openRounds: q(
      `SELECT id, guild_id, round, round_closes_at FROM tournaments WHERE status = 'running' AND round_closes_at IS NOT NULL`,
    ),
    unannounced: q(
      `SELECT ${COLUMNS} FROM tournaments
       WHERE (status = 'running' AND announced_round < round - 1) OR (status = 'finished' AND announced_round < round)`,
    ),
    markAnnounced: q('UPDATE tournaments SET announced_round = ? WHERE id = ? AND announced_round < ?'),
  };
}

export interface TournamentRow {
  id: number | string;
  guild_id: string;
  name: string;
  organiser_id: string;
  rules: string;
  format: string;
  rounds: number;
  round_seconds: number;
  channel_id: string;
  signup_message_id: string | null;
  announce_channel_id: string;
  status: string;
  round: number;
  round_closes_at: number | string | null;
  announced_round: number;
  created_at: number | string;
}

export interface EntrantRow {
  player_id: string;
  name: string | null;
  out_in_round: number | null;
}

export interface PlayRow {
  round: number;
  player_id: string;
  seat_table: number | null;
  game_id: number | string | null;
  total: number | null;
  loss: number | null;
}

export interface PointsRow {
  round: number;
  player_id: string;
  played: number | boolean;
  total: number;
  loss: number | null;
  points: number;
}

export interface StandingRow {
  player_id: string;
  place: number;
  points: number;
  totals: number;
  loss: number;
  opponent_points: number;
  rounds_played: number;
  name: string | null;
  out_in_round: number | null;
}

export interface OpenRoundRow {
  id: number | string;
  guild_id: string;
  round: number;
  round_closes_at: number | string;
}
