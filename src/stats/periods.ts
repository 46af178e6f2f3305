/**
 * The spans a leaderboard or a player's statistics can cover. Calendar spans are in UTC: a
 * server's members live in many time zones, and one boundary for all keeps totals comparable.
 */
export type Period = 'all' | 'season' | 'month' | 'week';

export const PERIODS: readonly Period[] = ['all', 'season', 'month', 'week'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar month containing `time`, as `2026-12`. */
export function monthKey(time: number): string {
  const date = new Date(time);
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The ISO week (Monday to Sunday) containing `time`, as `2026-W49`; early January can belong to the previous year's last week. */
export function weekKey(time: number): string {
  const date = new Date(time);
  const day = (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  // The week's Thursday decides its year, as ISO 8601 says.
  const thursday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day + 3));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The aggregate a figure is kept in for a period: `all`, `season:3`, `month:2026-12` or
 * `week:2026-W49`. A game counts in the periods of the moment it finished, and in the season that
 * was current then.
 */
export function periodKey(period: Period, time: number, season: number): string {
  switch (period) {
    case 'all':
      return 'all';
    case 'season':
      return `season:${season}`;
    case 'month':
      return `month:${monthKey(time)}`;
    case 'week':
      return `week:${weekKey(time)}`;
  }
}

/** Every period a game finished at `time`, in `season`, counts in: one aggregate row each. */
export function periodKeysOf(time: number, season: number): string[] {
  return PERIODS.map((period) => periodKey(period, time, season));
}

/**
 * Whether a period's key means the same span in every place, so a person's figures in it may be
 * summed over every server, DM and group DM (#42): all time, a month and a week do; a season is a
 * place's own (`/crag season new` starts one there), so `season:3` of two places are two spans.
 */
export function spansEveryPlace(key: string): boolean {
  return !key.startsWith('season:');
}
