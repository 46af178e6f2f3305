import type { GameOver } from './game-over.js';
import type { GameMetaRow, GameRow, PlayRows } from './game-rows.js';
import type { RowChanges } from './row-changes.js';
import type { StandardName } from './standard-queries.js';
import type { ChangedBoardRow, LeaderboardFilter, RankedRow, ResultRow, SeasonRow, StatsRow } from './stored-rows.js';
import type { RankBy } from './types.js';

/**
 * What a database backend supplies to the one GameStore (SqlGameStore): its dialect's queries and
 * its write path, nothing else. The store's logic (the cache, the version pre-check, turning rows
 * into games, grouping, scanning, assembling) is SqlGameStore's; a backend never sees a StoredGame.
 * After boardgame.io's split between src/server/db/base.ts (primitives) and master.ts (logic).
 *
 * Every method is one transaction (or none). A backend on a synchronous driver (better-sqlite3) does
 * all its work before its promise settles.
 */
export interface StoreBackend {
  /** The rows of one of the store's reads (`Reads`), its parameters by name (`@name` in the SQL). */
  read<K extends ReadName>(name: K, params: Reads[K]['params']): Promise<Reads[K]['row'][]>;
  /** One of the store's small writes (`Writes`); resolves to how many rows it changed. */
  write<K extends WriteName>(name: K, params: Writes[K]): Promise<number>;
  /**
   * The sheet rows and turns of a game in play, whose row a read returned, as of the same commit as
   * that row. Synchronous: the backend either aggregated them into the row (GameRow.sheets and
   * .history) or read them with it, in the read's transaction.
   */
  playRows(row: GameRow): PlayRows;

  /** Stores a new game and its rows, unless its channel has an active game already. */
  createGame(game: GameToCreate): Promise<CreateOutcome>;
  /** Stores several new games in one transaction, each as createGame would. */
  createGames(games: readonly GameToCreate[]): Promise<CreateOutcome[]>;
  /**
   * Writes a game's new state over `save.expectedVersion`, checked by the database itself, with its
   * rows: undefined, having written nothing, when the row holds another version (or none).
   */
  saveState(save: StateSave): Promise<SavedRow | undefined>;
  /** Deletes the lobbies that ended before anyone played, before `before`, with their series; returns their ids. */
  purgeEndedLobbies(before: number): Promise<readonly number[]>;
  /**
   * Writes the ratings a rebuild computed (ratings/rebuild.ts) over the stored ones, in one
   * transaction: every rating line, and each rated game's change.
   */
  replaceRatings(ratings: readonly RebuiltRating[], changes: readonly RebuiltChange[]): Promise<void>;
  /** Records the server's next season, started now; resolves to its number. */
  startSeason(guildId: string, startedBy: string, startedAt: number): Promise<number>;
  close(): Promise<void>;
}

export interface RebuiltRating {
  readonly rules: string;
  readonly ratedId: string;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
}

export interface RebuiltChange {
  readonly rules: string;
  readonly gameId: number;
  readonly ratedId: string;
  readonly mu: number;
  readonly sigma: number;
}

/** A read's parameters and the row each of its results is. */
interface Read<Params, Row> {
  readonly params: Params;
  readonly row: Row;
}

type NoParams = Record<string, never>;

/** The game to move in every game under way, read in SQL (no state is parsed for it). */
export interface TurnRow {
  id: number;
  guild_id: string;
  state_version: number;
  turn_deadline: number | null;
  /** The level of the computer to move; null when a person is to move. */
  computer: string | null;
}

export interface SeriesGameRow {
  id: number;
  series_game_number: number;
  status: string;
}

export interface TotalsRow {
  player_id: string;
  total: number;
  games: number;
  wins: number;
}

export type LeaderboardScope = 'server' | 'series';
/** A leaderboard read's name: the top of a board (`top`), or one player's line (`rank`). */
export type LeaderboardReadName = `${'top' | 'rank'}:${LeaderboardScope}:${RankBy}`;

type LeaderboardReads = {
  [K in LeaderboardReadName]: Read<
    LeaderboardFilter & (K extends `top:${string}` ? { limit: number } : { playerId: string }),
    RankedRow
  >;
};

/**
 * The store's reads by name: one SQL text each, with these parameters (`@name`) and these columns,
 * in standard-queries.ts or, where the dialects differ, in each backend's queries.ts.
 */
export interface Reads extends LeaderboardReads {
  gameById: Read<{ id: number }, GameRow>;
  activeInChannel: Read<{ channelId: string }, GameRow>;
  latestInChannel: Read<{ channelId: string }, GameRow>;
  /** Active games with no action since `before`, by id. */
  idleGames: Read<{ before: number }, GameRow>;
  activeInGuild: Read<{ guildId: string }, GameRow>;
  /** Games under way (status 'playing'), by id. */
  turnsInPlay: Read<NoParams, TurnRow>;
  /** The latest of a game in play's last action and a game's end; null (or 0) when there is none. */
  newestChange: Read<NoParams, { at: number | null }>;
  /** The newest last action of each guild's active games. */
  newestActivePerGuild: Read<NoParams, { guild_id: string; newest: number }>;
  /** The ends before `before`, newest first, at most `limit`. */
  endsBefore: Read<{ before: number; limit: number }, { guild_id: string; ended_at: number }>;
  /** Games in play with a board whose last action, or games with a board whose end, is at `since` or later. */
  boardsChangedSince: Read<{ since: number }, ChangedBoardRow>;
  /** A series' games by their number. */
  seriesGames: Read<{ seriesId: number }, SeriesGameRow>;
  /** The results of a series' games, best place first. */
  seriesResults: Read<{ seriesId: number }, ResultRow>;
  /** Per-player totals over a series' finished games, humans only, highest first. */
  seriesTotals: Read<{ seriesId: number }, TotalsRow>;
  playerName: Read<{ guildId: string; playerId: string }, { name: string }>;
  playerStats: Read<{ guildId: string; period: string; playerId: string }, StatsRow>;
  /** The server's latest season row; none for the first season. */
  currentSeason: Read<{ guildId: string }, SeasonRow>;
  /** A server's finished games below `beforeId`, newest first. */
  finishedInGuild: Read<{ guildId: string; beforeId: number; limit: number }, GameRow>;
  finishedInChannel: Read<{ guildId: string; channelId: string; beforeId: number; limit: number }, GameRow>;
  /** The results of the games listed, by game, best place first. */
  resultsOf: Read<{ gameIds: readonly number[] }, ResultRow>;
  ratingLine: Read<{ rules: string; ratedId: string }, RatingRow>;
  /** People's ratings in a rule set, by the conservative value, highest first. */
  ratingLeaders: Read<{ rules: string; limit: number }, RatingRow>;
  /** One rated id's last `limit` ratings in a rule set, newest first. */
  ratingTrend: Read<{ rules: string; ratedId: string; limit: number }, { seq: number; mu: number; sigma: number }>;
  ratedSeats: Read<NoParams, RatedSeatRow>;
  allRatings: Read<NoParams, RatingRow & { rules: string }>;
}

export interface RatingRow {
  rated_id: string;
  mu: number;
  sigma: number;
  games: number;
}

export interface RatedSeatRow {
  rules: string;
  seq: number;
  game_id: number;
  player_id: string;
  place: number;
  is_computer: boolean | number;
}
export type ReadName = keyof Reads;

/** The store's small writes by name, one statement each, with their parameters. */
export interface Writes {
  /** Not a game action: the version stays, updated_at moves. */
  setBoardMessage: { gameId: number; messageId: string | null; now: number };
  /** Not a game action, nor a change of the board: neither version nor times move. */
  setPingMessage: { gameId: number; messageId: string | null };
}
export type WriteName = keyof Writes;

/**
 * A backend's SQL for the reads and small writes that standard-queries.ts does not hold, in its
 * dialect, with their parameters as `@name`.
 */
export type DialectQueries = Readonly<Record<Exclude<ReadName | WriteName, StandardName>, string>>;

/**
 * What a save writes beside the game's row: the sheet rows and turns of a game in play, or, for the
 * save that ends a game, the removal of those rows (the packed state holds them now), its results
 * and its people's figures.
 */
export type RowWrites =
  | { readonly kind: 'play'; readonly changes: RowChanges }
  | { readonly kind: 'end'; readonly over: GameOver };

/** A new game's row, as every backend writes it. */
export interface GameInsert {
  readonly guildId: string;
  readonly channelId: string;
  /** The series it continues; undefined starts a new one (whose rules are `rules`). */
  readonly seriesId: number | undefined;
  /** The rules as JSON, for a new series. */
  readonly rules: string;
  readonly boardMessageId: string | null;
  readonly status: string;
  /** The state JSON: packed for a game stored already over. */
  readonly state: string;
  readonly version: number;
  readonly turnTimerSeconds: number;
  readonly hintsEnabled: boolean;
  readonly pingsEnabled: boolean;
  readonly turnDeadline: number | null;
  readonly now: number;
  /** Set for a game stored already over. */
  readonly endedAt: number | null;
}

export interface GameToCreate {
  readonly insert: GameInsert;
  readonly writes: RowWrites;
}

export type CreateOutcome =
  | { readonly ok: true; readonly row: GameMetaRow }
  | { readonly ok: false; readonly reason: 'channel-busy'; readonly active: GameRow }
  | { readonly ok: false; readonly reason: 'unknown-series' };

/** A save of a game's next state over the version the store read. */
export interface StateSave {
  readonly gameId: number;
  readonly guildId: string;
  readonly seriesId: number;
  readonly expectedVersion: number;
  /** The state JSON: packed for the save that ends the game. */
  readonly state: string;
  readonly version: number;
  readonly status: string;
  /** Whether `status` differs from the stored one (a backend may leave the column alone otherwise). */
  readonly statusChanged: boolean;
  readonly turnDeadline: number | null;
  readonly now: number;
  readonly writes: RowWrites;
}

/** What a save returns of the row it wrote: the board message, which another process may have set since the read. */
export interface SavedRow {
  readonly boardMessageId: string | null;
}
