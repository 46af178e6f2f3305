import type { GameState, Rules, TurnRecord } from '../game/index.js';
import type { PlayerTotals } from '../stats/player-totals.js';

/** A game as the store keeps it: the engine state plus what the bot needs around it. */
export interface StoredGame {
  readonly id: number;
  readonly guildId: string;
  readonly channelId: string;
  readonly seriesId: number;
  /** 1 for the first game of a series, 2 after the first "Play again", ... */
  readonly seriesGameNumber: number;
  readonly boardMessageId: string | null;
  readonly turnTimerSeconds: number;
  readonly hintsEnabled: boolean;
  /** Whether the player whose turn begins is pinged (the host's choice at /crag start). */
  readonly pingsEnabled: boolean;
  /** The game's turn ping visible now (see GameStore.setPingMessage), or null. */
  readonly pingMessageId: string | null;
  /** When the current turn times out, in epoch ms; null when no timer runs. */
  readonly turnDeadline: number | null;
  readonly updatedAt: number;
  readonly lastActionAt: number;
  /**
   * Reached through interaction webhooks (GameStore.webhooks), where the bot is not a member; else
   * with the bot's own token. Fixed when the game is opened.
   */
  readonly viaWebhooks: boolean;
  readonly state: GameState;
}

/** A game under way as its turn timer sees it; see GameStore.turnsInPlay. */
export interface TurnInPlay {
  readonly gameId: number;
  /** So that a process serving some guilds only (a shard) can take just their games. */
  readonly guildId: string;
  readonly version: number;
  /** The seat to move is a computer's: it moves after a short pause rather than at a deadline. */
  readonly computerToMove: boolean;
  /** When the person to move runs out of time, in epoch ms; null when no timer runs. */
  readonly turnDeadline: number | null;
}

/** A game as GameStore.recentlyChangedBoards reads it. */
export interface RecentChange {
  readonly gameId: number;
  /** So that a process serving some guilds only (a shard) can take just their boards. */
  readonly guildId: string;
  /** Everything but the sheets and turns, which are not read. */
  readonly state: Omit<GameState, 'sheets' | 'history'>;
  readonly lastTurn: TurnRecord | undefined;
}

export interface NewGame {
  readonly guildId: string;
  readonly channelId: string;
  readonly state: GameState;
  readonly turnTimerSeconds: number;
  readonly hintsEnabled: boolean;
  /** Ping the player whose turn begins; on unless the host turned it off. */
  readonly pingsEnabled?: boolean;
  /** Reached through interaction webhooks (see StoredGame.viaWebhooks); off unless said. */
  readonly viaWebhooks?: boolean;
  /** Continue this series ("Play again"); without it the game starts a new series. */
  readonly seriesId?: number;
  readonly boardMessageId?: string | null;
  readonly turnDeadline?: number | null;
}

export type CreateGameResult =
  | { readonly ok: true; readonly game: StoredGame }
  | { readonly ok: false; readonly reason: 'channel-busy'; readonly active: StoredGame }
  | { readonly ok: false; readonly reason: 'unknown-series' };

/** Columns written beside the state; left out means unchanged. */
export interface SaveExtras {
  readonly turnDeadline?: number | null;
}

export type SaveResult =
  | { readonly ok: true; readonly game: StoredGame }
  | { readonly ok: false; readonly reason: 'stale'; readonly current: StoredGame }
  | { readonly ok: false; readonly reason: 'missing'; readonly current?: undefined };

export interface PlayerResult {
  readonly playerId: string;
  readonly total: number;
  readonly place: number;
  readonly isComputer: boolean;
}

export interface SeriesGame {
  readonly gameId: number;
  readonly seriesGameNumber: number;
  readonly status: GameState['status'];
  /** Empty unless the game finished; best place first. */
  readonly results: readonly PlayerResult[];
}

export interface SeriesTotal {
  readonly playerId: string;
  readonly total: number;
  readonly games: number;
  /** Games won; a game with fewer than two people at the table is no win. */
  readonly wins: number;
}

/** What a seat's game counted for, as recorded when it finished. */
export interface GameResult extends PlayerResult {
  /** First place (shared included) in a game with at least two people. */
  readonly won: boolean;
  /** Expected points lost against optimal play; null for computers, which have no statistics. */
  readonly skillLoss: number | null;
  /** What the dice gave above or below expectation; null for computers. */
  readonly luck: number | null;
  /** The decisions the skill loss was lost over (the skill ranking's denominator); written, not read back. */
  readonly decisions?: number | null;
}

/** A finished game as the history and the export read it. */
export interface FinishedGame
  extends Pick<
    StoredGame,
    'id' | 'guildId' | 'channelId' | 'seriesId' | 'seriesGameNumber' | 'boardMessageId' | 'state'
  > {
  /** When its last action ended it, in epoch ms. */
  readonly finishedAt: number;
  /** Every seat's result, best place first. */
  readonly results: readonly GameResult[];
}

/** Which finished games to read: a server's or one channel's, newest first, below an id for the next page. */
export interface FinishedGamesQuery {
  readonly guildId: string;
  readonly channelId?: string;
  /** Only games with a smaller id (the last one of the previous page). */
  readonly beforeId?: number;
  readonly limit: number;
}

/**
 * A server's season: the first began with its first game; each later one with `/crag season new`
 * (the seasons table also records when, and by whom).
 */
export interface Season {
  readonly number: number;
}

/** A person's figures in one rule set over one period. */
export interface PlayerStatsLine extends PlayerTotals {
  readonly rules: Rules;
}

export interface PlayerStats {
  /** The display name of the person's latest finished game in the server, when it was known. */
  readonly name: string | null;
  /** One line per rule set played in the period, most games first. */
  readonly lines: readonly PlayerStatsLine[];
}

/** What a leaderboard ranks by: points added up, or points per game (which more games cannot buy). */
export type RankBy = 'total' | 'average';

interface RankingOptions {
  readonly guildId: string;
  readonly rankBy?: RankBy;
  /** Players with fewer games are left out (default 1). */
  readonly minGames?: number;
  readonly limit?: number;
}

/**
 * A series (played in one rule set, in one channel), or a server in one rule set over one period
 * (a periodKey: `all`, `season:2`, `month:2026-12`, `week:2026-W49`).
 */
export type LeaderboardQuery =
  | (RankingOptions & { readonly scope: 'series'; readonly seriesId: number })
  | (RankingOptions & { readonly scope: 'server'; readonly rules: Rules; readonly period: string });

export interface LeaderboardRow {
  /** 1 for the best; equal figures share a rank. */
  readonly rank: number;
  readonly playerId: string;
  /** The display name of the person's latest finished game in the server, when it was known. */
  readonly name: string | null;
  readonly total: number;
  readonly games: number;
  /** Games won; a game with fewer than two people at the table is no win. */
  readonly wins: number;
  readonly average: number;
  /** The best single-game total. */
  readonly best: number;
}
