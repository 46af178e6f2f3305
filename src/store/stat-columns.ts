import { CATEGORY_IDS } from '../game/index.js';
import type { PlayerTotals, RecentGame } from '../stats/player-totals.js';

/**
 * A player_stats row's figures as both backends store them: counts and sums as numbers, the 13 row
 * figures as comma-separated numbers in sheet order, the latest games as `total/skill/at` (when it ended).
 * Text rather than 26 columns or arrays: one SQL shape for both databases, and a row stays small.
 */
export interface StatColumns {
  games: number;
  wins: number;
  total: number;
  best: number;
  crags: number;
  skill_loss: number;
  luck: number;
  row_points: string;
  row_zeros: string;
  recent: string;
}

export function statColumns(totals: PlayerTotals): StatColumns {
  return {
    games: totals.games,
    wins: totals.wins,
    total: totals.total,
    best: totals.best,
    crags: totals.crags,
    skill_loss: totals.skillLoss,
    luck: totals.luck,
    row_points: totals.rowPoints.join(','),
    row_zeros: totals.rowZeros.join(','),
    recent: totals.recent.map(recentText).join(','),
  };
}

export function totalsFromColumns(row: StatColumns): PlayerTotals {
  return {
    games: row.games,
    wins: row.wins,
    total: row.total,
    best: row.best,
    crags: row.crags,
    skillLoss: row.skill_loss,
    luck: row.luck,
    rowPoints: thirteenNumbers(row.row_points),
    rowZeros: thirteenNumbers(row.row_zeros),
    recent: row.recent === '' ? [] : row.recent.split(',').map(recentGame),
  };
}

function thirteenNumbers(text: string): number[] {
  const numbers = text.split(',').map(Number);
  if (numbers.length !== CATEGORY_IDS.length || !numbers.every(Number.isFinite)) {
    throw new TypeError(`not a figure per row: ${text}`);
  }
  return numbers;
}

/** `total/skill/at`; rows written before migration 0010 hold `total/skill`, with no time. */
function recentText(game: RecentGame): string {
  return game.at === undefined ? `${game.total}/${game.skillLoss}` : `${game.total}/${game.skillLoss}/${game.at}`;
}

function recentGame(text: string): RecentGame {
  const parts = text.split('/');
  const [total, skillLoss, at] = parts.map(Number);
  if (
    parts.length > 3 ||
    total === undefined ||
    skillLoss === undefined ||
    !Number.isFinite(total) ||
    !Number.isFinite(skillLoss) ||
    (at !== undefined && !Number.isInteger(at))
  ) {
    throw new TypeError(`not a recent game: ${text}`);
  }
  return at === undefined ? { total, skillLoss } : { total, skillLoss, at };
}
