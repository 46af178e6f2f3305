import type { StandingLine } from '../../game/tournament.js';
import { rulesOfKey } from '../../stats/rule-sets.js';
import type { EntrantRow, OpenRoundRow, PlayRow, PointsRow, StandingRow, TournamentRow } from './tournament-sql.js';
import type {
  Entrant,
  OpenRound,
  RoundPlay,
  StandingsPage,
  StoredRoundPoints,
  Tournament,
  TournamentFormat,
  TournamentStatus,
} from './tournament-store.js';

export function toTournament(row: TournamentRow): Tournament {
  const rules = rulesOfKey(row.rules);
  if (!rules) throw new Error(`tournament ${row.id} has rules ${row.rules}, which this version does not know`);
  return {
    id: Number(row.id),
    guildId: row.guild_id,
    name: row.name,
    organiserId: row.organiser_id,
    rules,
    format: row.format as TournamentFormat,
    rounds: row.rounds,
    roundSeconds: row.round_seconds,
    channelId: row.channel_id,
    signupMessageId: row.signup_message_id,
    announceChannelId: row.announce_channel_id,
    status: row.status as TournamentStatus,
    round: row.round,
    roundClosesAt: row.round_closes_at === null ? null : Number(row.round_closes_at),
    announcedRound: row.announced_round,
    createdAt: Number(row.created_at),
  };
}

export function toEntrant(row: EntrantRow): Entrant {
  return { playerId: row.player_id, name: row.name, outInRound: row.out_in_round };
}

export function toPlay(row: PlayRow): RoundPlay & { readonly round: number } {
  return {
    round: row.round,
    playerId: row.player_id,
    table: row.seat_table,
    gameId: row.game_id === null ? null : Number(row.game_id),
    total: row.total,
    loss: row.loss,
  };
}

export function toPoints(row: PointsRow): StoredRoundPoints {
  return {
    round: row.round,
    playerId: row.player_id,
    played: row.played === true || row.played === 1,
    total: row.total,
    loss: row.loss,
    points: Number(row.points),
  };
}

export function toOpenRound(row: OpenRoundRow): OpenRound {
  return {
    tournamentId: Number(row.id),
    guildId: row.guild_id,
    round: row.round,
    closesAt: Number(row.round_closes_at),
  };
}

/** Page rows by place, the asker's (if outside them) last. */
export function toStandingsPage(rows: readonly StandingRow[]): StandingsPage {
  return {
    lines: rows.map((row) => ({
      place: row.place,
      playerId: row.player_id,
      points: Number(row.points),
      totals: row.totals,
      loss: Number(row.loss),
      opponentPoints: Number(row.opponent_points),
      roundsPlayed: row.rounds_played,
      out: row.out_in_round !== null,
    })),
    names: new Map(rows.map((row) => [row.player_id, row.name])),
  };
}

/** The stored line of each value of the standings, in the order the page reads them. */
export function standingValues(id: number, line: StandingLine): unknown[] {
  return [id, line.playerId, line.place, line.points, line.totals, line.loss, line.opponentPoints, line.roundsPlayed];
}
