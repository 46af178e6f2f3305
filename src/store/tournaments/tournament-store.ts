import type { Rules } from '../../game/index.js';
import type { RoundPoints, StandingLine } from '../../game/tournament.js';

export const TOURNAMENT_FORMATS = ['duplicate', 'tables'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
export type TournamentStatus = 'signup' | 'running' | 'finished' | 'cancelled';

export interface NewTournament {
  readonly guildId: string;
  readonly name: string;
  readonly organiserId: string;
  readonly rules: Rules;
  readonly format: TournamentFormat;
  readonly rounds: number;
  readonly roundSeconds: number;
  /** Where the sign-up message is. */
  readonly channelId: string;
  /** Where each round's close is posted: the sign-up channel unless the organiser named another. */
  readonly announceChannelId: string;
  readonly createdAt: number;
}

export interface Tournament extends NewTournament {
  readonly id: number;
  readonly signupMessageId: string | null;
  readonly status: TournamentStatus;
  /** The round open now: 0 before the start, the last round once finished. */
  readonly round: number;
  readonly roundClosesAt: number | null;
  /** The last round whose close was posted. */
  readonly announcedRound: number;
}

export interface Entrant {
  readonly playerId: string;
  readonly name: string | null;
  /** The round in which they left or were removed; null while in. */
  readonly outInRound: number | null;
}

/** An entrant's game of a round: tied when dealt, its result filled in when the game finishes. */
export interface RoundPlay {
  readonly playerId: string;
  /** The table (1, 2, …) in the tables format; null in duplicate. */
  readonly table: number | null;
  readonly gameId: number | null;
  readonly total: number | null;
  readonly loss: number | null;
}

/** One entrant's points in one closed round, as stored by the close. */
export interface StoredRoundPoints extends RoundPoints {
  readonly round: number;
}

/** A page of the stored standings, with the names the entrants joined under. */
export interface StandingsPage {
  readonly lines: readonly StandingLine[];
  readonly names: ReadonlyMap<string, string | null>;
}

/** A running tournament's open round and when it closes: what the deadlines are armed from. */
export interface OpenRound {
  readonly tournamentId: number;
  readonly guildId: string;
  readonly round: number;
  readonly closesAt: number;
}

/** What a round's close moves the tournament to: the next round with its deadline, or the end. */
export type AfterClose = { readonly next: 'round'; readonly closesAt: number } | { readonly next: 'finished' };

/**
 * The tournaments' storage, beside the GameStore (whose games the round games are: they are
 * created and saved through it). Each backend opens its own connection to the GameStore's
 * database, whose migrations have run by then. Every change that a second click or a restart could
 * repeat is guarded in its own statement, so it takes effect once.
 */
export interface TournamentStore {
  create(tournament: NewTournament): Promise<Tournament>;
  setSignupMessage(id: number, messageId: string): Promise<void>;
  tournament(id: number): Promise<Tournament | undefined>;
  /** A server's tournaments, newest first. */
  ofGuild(guildId: string, limit: number): Promise<Tournament[]>;
  /** Adds the person while sign-up is open; false if it is closed or they are in already. */
  join(id: number, playerId: string, name: string | null, at: number): Promise<boolean>;
  /** Before the start the entry is deleted; once running the entrant is out from the round open now. */
  leave(id: number, playerId: string): Promise<boolean>;
  entrants(id: number): Promise<Entrant[]>;
  /** Sign-up → round 1, open until `closesAt`; false if it was not in sign-up any more. */
  start(id: number, closesAt: number): Promise<boolean>;
  /** Ends a tournament in sign-up or running; false if it had ended already. */
  cancel(id: number): Promise<boolean>;
  /** Takes the entrant's one game of the round; false if taken (see `play`). */
  claimPlay(id: number, round: number, playerId: string): Promise<boolean>;
  attachGame(id: number, round: number, playerId: string, gameId: number): Promise<void>;
  play(id: number, round: number, playerId: string): Promise<RoundPlay | undefined>;
  roundPlays(id: number, round: number): Promise<RoundPlay[]>;
  /** Every round's plays, for the tables' tiebreak (who sat with whom). */
  allPlays(id: number): Promise<(RoundPlay & { readonly round: number })[]>;
  /**
   * Seats a tables round, all at once: one play per entrant with their table's number. False,
   * writing nothing, if the round was seated already (by another call, or before a restart).
   */
  seatRound(id: number, round: number, tables: readonly (readonly string[])[]): Promise<boolean>;
  /** Ties a table's game to every seat of that table. */
  attachTable(id: number, round: number, table: number, gameId: number): Promise<void>;
  /**
   * In one transaction: stores the round's points and the standings they make, and moves the
   * tournament on, only if `round` is still the round open now. False when it was closed already (by
   * another process, or before a restart): nothing is written twice.
   */
  closeRound(
    id: number,
    round: number,
    points: readonly RoundPoints[],
    standings: readonly StandingLine[],
    after: AfterClose,
  ): Promise<boolean>;
  /**
   * The standings as the last close stored them, by place: the first `limit` lines, and
   * `playerId`'s wherever it is; each with the entrant's name and whether they are out now.
   */
  standingsPage(id: number, limit: number, playerId?: string): Promise<StandingsPage>;
  /** Every closed round's points of a tournament. */
  points(id: number): Promise<StoredRoundPoints[]>;
  /** The open rounds of every running tournament. */
  openRounds(): Promise<OpenRound[]>;
  /** Tournaments with a closed round not yet posted. */
  unannounced(): Promise<Tournament[]>;
  markAnnounced(id: number, round: number): Promise<void>;
  close(): Promise<void>;
}
