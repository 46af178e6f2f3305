import type { GameOver } from './game-over.js';
import type { GameMetaRow, GameRow, PlayRows } from './game-rows.js';
import type { ReadName, Reads, WriteName, Writes } from './reads-and-writes.js';
import type { RowChanges } from './row-changes.js';

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
  readonly viaWebhooks: boolean;
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
