import type { GameRow } from './game-rows.js';
import type { ChangedBoardRow, LeaderboardFilter, RankedRow, ResultRow, SeasonRow, StatsRow } from './stored-rows.js';
import type { RankBy } from './types.js';

// The catalogue of what the store asks a backend by name (StoreBackend.read and .write in
// backend.ts). It stands apart from the backend's contract so that the SQL written for these
// names (standard-queries.ts, leaderboard-sql.ts, each backend's queries.ts) and the contract can
// both import it without importing each other.

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
  /** A person's rows of a period in every place (player_stats_by_player), any order. */
  personStats: Read<{ period: string; playerId: string }, StatsRow>;
  /** The server's latest season row; none for the first season. */
  currentSeason: Read<{ guildId: string }, SeasonRow>;
  /** A server's finished games below `beforeId`, newest first. */
  finishedInGuild: Read<{ guildId: string; beforeId: number; limit: number }, GameRow>;
  finishedInChannel: Read<{ guildId: string; channelId: string; beforeId: number; limit: number }, GameRow>;
  /** The results of the games listed, by game, best place first. */
  resultsOf: Read<{ gameIds: readonly number[] }, ResultRow>;
  ratingLine: Read<{ rules: string; ratedId: string }, RatingRow>;
  /** A server's people's ratings in a rule set, by the conservative value, highest first. */
  ratingLeaders: Read<{ rules: string; guildId: string; limit: number }, RatingRow & { name: string | null }>;
  /** One rated id's last `limit` ratings in a rule set, newest first. */
  ratingTrend: Read<{ rules: string; ratedId: string; limit: number }, { seq: number; mu: number; sigma: number }>;
  ratedSeats: Read<NoParams, RatedSeatRow>;
  allRatings: Read<NoParams, RatingRow & { rules: string }>;
  /** A game's way out through interaction webhooks (game-webhooks.ts); none for a bot-token game. */
  webhookOf: Read<{ gameId: number }, WebhookRow>;
}

export interface WebhookRow {
  application_id: string;
  token: string;
  token_created_at: number | string;
  follow_ups_used: number;
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
  /** A newer interaction token for a webhook game (older ones are ignored), with the follow-ups it made already. */
  takeWebhookToken: { gameId: number; applicationId: string; token: string; createdAt: number; followUpsUsed: number };
  /** Counts one follow-up of that token, unless it has made `cap` already (then it changes nothing). */
  reserveFollowUp: { gameId: number; token: string; cap: number };
}
export type WriteName = keyof Writes;
