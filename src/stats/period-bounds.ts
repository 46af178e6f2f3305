/**
 * The span of time a period key covers, [from, until) in epoch ms (null: unbounded), for queries
 * over finished games rather than aggregates. A season's bounds are the starts of it and of the
 * next one, which only the server's seasons know: `seasonStart(n)` gives them (null for season 1,
 * which began with the server's first game, and for a season not started yet).
 */
export function periodBounds(
  key: string,
  seasonStart: (season: number) => number | null,
): { from: number | null; until: number | null } | undefined {
  if (key === 'all') return { from: null, until: null };
  const month = /^month:(\d{4})-(\d{2})$/.exec(key);
  if (month) {
    const [year, index] = [Number(month[1]), Number(month[2]) - 1];
    return { from: Date.UTC(year, index, 1), until: Date.UTC(year, index + 1, 1) };
  }
  const week = /^week:(\d{4})-W(\d{2})$/.exec(key);
  if (week) {
    // ISO 8601: week 1 is the week holding 4 January; weeks start on Monday.
    const year = Number(week[1]);
    const fourth = Date.UTC(year, 0, 4);
    const monday = fourth - ((new Date(fourth).getUTCDay() + 6) % 7) * DAY_MS;
    const from = monday + (Number(week[2]) - 1) * 7 * DAY_MS;
    return { from, until: from + 7 * DAY_MS };
  }
  const season = /^season:([1-9]\d*)$/.exec(key);
  if (season) {
    const number = Number(season[1]);
    return { from: number === 1 ? null : seasonStart(number), until: seasonStart(number + 1) };
  }
  return undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
