import type { GameState, TurnRecord } from '../game/index.js';

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
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly lastActionAt: number;
  readonly state: GameState;
}

/** A game under way as its turn timer sees it; see Store.turnsInPlay. */
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

/** A game as Store.recentlyChangedBoards reads it. */
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
  readonly boardMessageId?: string | null;
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
  readonly wins: number;
}

export interface LeaderboardQuery {
  readonly guildId: string;
  readonly scope: 'series' | 'server';
  /** Required for the series scope. */
  readonly seriesId?: number;
  readonly rerolls: 1 | 2;
  readonly limit?: number;
}

export interface LeaderboardRow {
  /** 1 for the highest total; equal totals share a rank. */
  readonly rank: number;
  readonly playerId: string;
  readonly total: number;
  readonly games: number;
  /** Games in which the player placed first, shared firsts included. */
  readonly wins: number;
  readonly average: number;
  /** The best single-game total. */
  readonly best: number;
}
