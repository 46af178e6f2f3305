import { type PlayerTotals, RECENT_GAMES, type RecentGame } from './player-totals.js';

/**
 * One person's figures over several places' rows (a server's, a group DM's…) of the same period and
 * rule set, as if every game had been counted in one row: counts and sums added, the best the best of
 * all, and the latest games the latest RECENT_GAMES of all by when they ended (games counted before
 * their end time was kept sort as older than any with it, in their row's order).
 */
export function mergeTotals(rows: readonly PlayerTotals[]): PlayerTotals | undefined {
  const [first, ...rest] = rows;
  if (!first) return undefined;
  return rest.reduce(
    (sum, row) => ({
      games: sum.games + row.games,
      wins: sum.wins + row.wins,
      total: sum.total + row.total,
      best: Math.max(sum.best, row.best),
      crags: sum.crags + row.crags,
      skillLoss: sum.skillLoss + row.skillLoss,
      luck: sum.luck + row.luck,
      rowPoints: sum.rowPoints.map((points, index) => points + (row.rowPoints[index] ?? 0)),
      rowZeros: sum.rowZeros.map((zeros, index) => zeros + (row.rowZeros[index] ?? 0)),
      recent: latestGames(sum.recent, row.recent),
    }),
    first,
  );
}

function latestGames(a: readonly RecentGame[], b: readonly RecentGame[]): RecentGame[] {
  // Array.prototype.sort is stable: untimed games keep their row's order.
  return [...a, ...b].sort((x, y) => (x.at ?? -1) - (y.at ?? -1)).slice(-RECENT_GAMES);
}
