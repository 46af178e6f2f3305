import type { Rules } from '../../game/index.js';
import type { SkillSums } from '../../stats/skill.js';

/** A person's attempt at one day's deal: claimed when dealt, its result filled in when finished. */
export interface DailyEntry {
  readonly day: number;
  readonly playerId: string;
  /** The server it was played in: its board lists it. */
  readonly guildId: string;
  /** The stored game; null between the claim and the game's creation (a crash there is healed on the next play). */
  readonly gameId: number | null;
  readonly name: string | null;
  /** Null until the game has finished (and for a game that was abandoned). */
  readonly total: number | null;
  readonly loss: number | null;
  readonly decisions: number | null;
}

export interface NewDailyEntry {
  readonly day: number;
  readonly playerId: string;
  readonly guildId: string;
  readonly name: string | null;
  readonly startedAt: number;
}

/** A claim made, or the attempt that was there already: one per person per day, worldwide. */
export type ClaimResult = { readonly ok: true } | { readonly ok: false; readonly entry: DailyEntry };

/** One line of a server's daily board, best total first. */
export interface DailyBoardRow {
  /** 1 for the best; equal totals share a place. */
  readonly place: number;
  readonly playerId: string;
  readonly name: string | null;
  readonly total: number;
}

/** How one total stands among a day's finished results: how many finished, how many scored more. */
export interface DayStandingCounts {
  readonly finished: number;
  readonly better: number;
}

/** A person's skill sums in a server, a rule set and a period, with the name they were last shown by. */
export interface SkillLine extends SkillSums {
  readonly playerId: string;
  readonly name: string | null;
}

/**
 * Whose skill lines to read: one server, one rule set, one period key (`all`, `season:2`,
 * `month:…`, `week:…`), the people with at least `minGames` games there, and `playerId`'s line
 * whatever its count. A server where a thousand people try the daily deal has a thousand lines of one
 * game: they are left in the database, not read to be dropped.
 */
export interface SkillQuery {
  readonly guildId: string;
  readonly rules: Rules;
  readonly period: string;
  readonly minGames: number;
  readonly playerId?: string;
}

/**
 * The daily deal's storage and the skill ranking's query, beside the GameStore (whose games the
 * daily games are: they are created and saved through it). Each backend opens its own connection
 * to the GameStore's database, whose migrations have run by then.
 */
export interface DailyStore {
  /** The stream's key, made by the migration that added the daily deal (32 random bytes). */
  secret(): Promise<Buffer>;
  entry(day: number, playerId: string): Promise<DailyEntry | undefined>;
  /** Takes the person's one attempt of the day; refused, with the attempt there already, if taken. */
  claim(entry: NewDailyEntry): Promise<ClaimResult>;
  /** Records the game dealt for a claimed attempt. */
  attachGame(day: number, playerId: string, gameId: number): Promise<void>;
  /** A server's finished results of a day, best first. */
  serverBoard(guildId: string, day: number, limit: number): Promise<DailyBoardRow[]>;
  /** Where `total` stands among a day's finished results in one server, or worldwide without a server. */
  standing(day: number, total: number, guildId?: string): Promise<DayStandingCounts>;
  /** The days the person finished, from `fromDay` to `toDay`, newest first. */
  finishedDays(playerId: string, fromDay: number, toDay: number): Promise<number[]>;
  /** The skill sums (games with a decision count, people only) the query asks for, as kept when games end; in no particular order. */
  skillLines(query: SkillQuery): Promise<SkillLine[]>;
  /**
   * The same lines, each a person's own over every place (#42): the place's people (a line in
   * `guildId`) and the asker, with their sums in every server, DM and group DM; `minGames` counts
   * those. For a period that means the same everywhere (`all`, a month, a week).
   */
  personSkillLines(query: SkillQuery): Promise<SkillLine[]>;
  close(): Promise<void>;
}
