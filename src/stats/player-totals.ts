import { CATEGORY_IDS } from '../game/index.js';
import type { PlayerGameRecord } from './game-record.js';

/** How many of a player's latest games each aggregate keeps for the trend. */
export const RECENT_GAMES = 10;

/** One of the latest games as the trend shows it. */
export interface RecentGame {
  readonly total: number;
  /** Expected points lost against optimal play, to two decimals (the trend shows one). */
  readonly skillLoss: number;
  /**
   * When it ended, in epoch ms: a person's latest games across places are merged in this order.
   * Absent for games counted before migration 0010, which are older than any game with it.
   */
  readonly at?: number;
}

/**
 * A player's figures over some games (a period, in one rule set, in one server), kept as sums so
 * that a finished game adds to them and nothing is ever recomputed from the games themselves.
 */
export interface PlayerTotals {
  readonly games: number;
  /** Games won; only games with at least two people can be won. */
  readonly wins: number;
  readonly total: number;
  /** The best single-game total. */
  readonly best: number;
  readonly crags: number;
  readonly skillLoss: number;
  readonly luck: number;
  /** Points per row, summed, in sheet order (CATEGORY_IDS). */
  readonly rowPoints: readonly number[];
  /** Games in which each row scored 0, in sheet order. */
  readonly rowZeros: readonly number[];
  /** The latest games, oldest first, at most RECENT_GAMES. */
  readonly recent: readonly RecentGame[];
}

export const NO_GAMES: PlayerTotals = {
  games: 0,
  wins: 0,
  total: 0,
  best: 0,
  crags: 0,
  skillLoss: 0,
  luck: 0,
  rowPoints: CATEGORY_IDS.map(() => 0),
  rowZeros: CATEGORY_IDS.map(() => 0),
  recent: [],
};

/** The totals with one more finished game counted in; `at` is when it ended (epoch ms). */
export function addGame(totals: PlayerTotals, record: PlayerGameRecord, at: number): PlayerTotals {
  const rows = CATEGORY_IDS.map((row) => record.rows[row]);
  return {
    games: totals.games + 1,
    wins: totals.wins + (record.won ? 1 : 0),
    total: totals.total + record.total,
    best: totals.games === 0 ? record.total : Math.max(totals.best, record.total),
    crags: totals.crags + record.crags,
    skillLoss: totals.skillLoss + record.skillLoss,
    luck: totals.luck + record.luck,
    rowPoints: totals.rowPoints.map((points, index) => points + (rows[index] ?? 0)),
    rowZeros: totals.rowZeros.map((zeros, index) => zeros + (rows[index] === 0 ? 1 : 0)),
    recent: [...totals.recent, { total: record.total, skillLoss: Math.round(record.skillLoss * 100) / 100, at }].slice(
      -RECENT_GAMES,
    ),
  };
}
