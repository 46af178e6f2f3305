import type { GameState } from '../game/index.js';
import type { Rating } from '../ratings/index.js';
import type { RuleSetKey } from '../stats/rule-sets.js';
import type { GameWebhooks } from './game-webhooks.js';
import type {
  CreateGameResult,
  FinishedGame,
  FinishedGamesQuery,
  LeaderboardQuery,
  LeaderboardRow,
  NewGame,
  PlayerStats,
  RecentChange,
  SaveExtras,
  SaveResult,
  Season,
  SeriesGame,
  SeriesTotal,
  StoredGame,
  TurnInPlay,
} from './types.js';

/**
 * Where games, sheets, series and results live. The bot sees only this interface; which database
 * answers (SQLite by default, PostgreSQL when DATABASE_URL is set) is decided once, at start-up.
 * It has one implementation, SqlGameStore (sql-game-store.ts), over a backend per database
 * (backend.ts; docs/storage.md).
 *
 * Every backend keeps the same guarantees:
 * - a write lands whole or not at all (one transaction per call);
 * - `saveState` writes only over the version it was given, checked by the database itself, so a
 *   click is applied once even when several processes share the database;
 * - a refused write changes nothing;
 * - a game that is over is never written again: the save that ends it packs it (its sheets and turns
 *   move into the state JSON) and adds its people's figures to the statistics, in its transaction.
 * Methods are async so that a networked database fits; SQLite answers synchronously underneath.
 */
export interface RatingEntry extends Rating {
  readonly rules: RuleSetKey;
  readonly ratedId: string;
  readonly games: number;
}

/** A rating on a server's leaderboard, with the name that server knows the person by (null: none kept). */
export interface RatedPerson extends RatingEntry {
  readonly name: string | null;
}

export interface RatingsRebuild {
  readonly games: number;
  readonly ratings: number;
  /** Stored ratings that differ from the replay, or that the replay does not have. */
  readonly differing: number;
}

export interface GameStore {
  /** Stores a new game; refused while the channel has a game in the lobby or under way. */
  createGame(game: NewGame): Promise<CreateGameResult>;
  /**
   * Stores several new games in one transaction, each as createGame would: a history imported or
   * generated at once (the bench writes a million games this way). A game that is over counts then.
   */
  createGames(games: readonly NewGame[]): Promise<CreateGameResult[]>;

  gameById(id: number): Promise<StoredGame | undefined>;
  activeGameInChannel(channelId: string): Promise<StoredGame | undefined>;
  /** The channel's active game, or else its most recent one. */
  latestGameInChannel(channelId: string): Promise<StoredGame | undefined>;

  /**
   * Replaces the state of a game whose stored version is `expectedVersion`, with its sheet rows and,
   * when it finishes, its results and statistics. Any other stored version is 'stale' and writes
   * nothing. Throws for a game that is over: nothing the engine does changes one.
   */
  saveState(gameId: number, expectedVersion: number, next: GameState, extra?: SaveExtras): Promise<SaveResult>;
  /** Records the board message; not a game action, so the version stays. False for no such game. */
  setBoardMessage(gameId: number, messageId: string | null): Promise<boolean>;
  /**
   * Records the game's turn ping, the message that notified the player to move, so that it can be
   * deleted when the turn ends, even after a restart. Not a game action. False for no such game.
   */
  setPingMessage(gameId: number, messageId: string | null): Promise<boolean>;
  /** The tokens of games reached through interaction webhooks, where the bot is not a member (issue 42). */
  readonly webhooks: GameWebhooks;

  /** Every game under way, with just what its turn timer needs: what a restart must pick up again. */
  turnsInPlay(): Promise<TurnInPlay[]>;
  /**
   * Games past their lobby, with a board, whose last action came within `windowMs` of the newest
   * action in the database: after a crash, the ones whose board may not show their last move yet.
   * With `inGuild`, only games of the guilds it admits, and the newest action among theirs: a shard
   * that was down while others played finds its own last moves.
   */
  recentlyChangedBoards(windowMs: number, inGuild?: (guildId: string) => boolean): Promise<RecentChange[]>;
  /** Active games with no action since `before` (epoch ms), oldest first. */
  gamesIdleSince(before: number): Promise<StoredGame[]>;
  /** The games in the lobby or under way in a server. */
  activeGamesInGuild(guildId: string): Promise<StoredGame[]>;
  /**
   * Deletes the lobbies that were cancelled or abandoned before anyone played, and ended before
   * `before` (epoch ms), with their series; they hold nothing worth keeping. Returns how many went.
   */
  purgeEndedLobbies(before: number): Promise<number>;

  /** Every game of a series in order, with the results of those that finished. */
  seriesGames(seriesId: number): Promise<SeriesGame[]>;
  /** The back-to-back totals of a series: finished games only, humans only, highest first. */
  seriesTotals(seriesId: number): Promise<SeriesTotal[]>;
  /** The top of a leaderboard, read from the aggregates kept as games finish. */
  leaderboard(query: LeaderboardQuery): Promise<LeaderboardRow[]>;
  /** One player's line of the leaderboard, wherever they rank; undefined if they are not on it. */
  leaderboardRank(query: LeaderboardQuery & { readonly playerId: string }): Promise<LeaderboardRow | undefined>;
  /** A person's figures in a server over a period (a periodKey), per rule set played. */
  playerStats(guildId: string, playerId: string, period: string): Promise<PlayerStats>;
  /**
   * A person's own figures over a period (a periodKey that means the same in every place: `all`, a
   * month, a week), summed over every server, DM and group DM they played in, per rule set; the name
   * is how `guildId`, the place asking, last showed them.
   */
  personStats(guildId: string, playerId: string, period: string): Promise<PlayerStats>;
  /** A person's (or a computer level's, `computer:<level>`) rating in each rule set they have one in. */
  ratingsOf(ratedId: string): Promise<RatingEntry[]>;
  /**
   * The people of a server (who finished a game of the rule set there) by their conservative rating (μ − 3σ) in a
   * rule set, highest first. A rating is a person's everywhere; the server only picks who is listed.
   */
  ratingLeaders(rules: RuleSetKey, guildId: string, limit: number): Promise<RatedPerson[]>;
  /** A rated id's last `limit` ratings in a rule set, oldest first: its trend. */
  ratingTrend(rules: RuleSetKey, ratedId: string, limit: number): Promise<Rating[]>;
  /**
   * Replays every rated game in the order it was rated (`npm run ratings:rebuild`): how many games
   * and ratings it found, and how many stored ratings differ from the replay; with `write`, the
   * replay replaces them.
   */
  rebuildRatings(options: { readonly write: boolean }): Promise<RatingsRebuild>;
  /** Finished games, newest first, with their results. */
  finishedGames(query: FinishedGamesQuery): Promise<FinishedGame[]>;

  /** The server's current season: 1 until someone starts another. */
  currentSeason(guildId: string): Promise<Season>;
  /** Starts the server's next season now, recording who started it. */
  startSeason(guildId: string, startedBy: string): Promise<Season>;

  /** Finishes pending work and releases the database; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** Leaderboard pages hold at most this many rows, whatever the caller asks. */
export const MAX_LEADERBOARD_ROWS = 100;

/** A leaderboard limit clamped to 1..MAX_LEADERBOARD_ROWS (10 when not given). */
export function leaderboardLimit(query: LeaderboardQuery): number {
  return Math.min(Math.max(Math.trunc(query.limit ?? 10), 1), MAX_LEADERBOARD_ROWS);
}
