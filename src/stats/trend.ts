/** Which way a run of figures went: up, down, or about level. */
export type Direction = 'up' | 'down' | 'level';

/** Fewer games than this say nothing about a direction. */
const FEWEST_FOR_A_TREND = 4;

/**
 * The direction of `values` (oldest first): the newer half's mean against the older half's, level
 * when they differ by less than `margin`. A single game swings by tens of points, so halves, not
 * neighbours, are compared. Undefined with too few values.
 */
export function trendOf(values: readonly number[], margin: number): Direction | undefined {
  if (values.length < FEWEST_FOR_A_TREND) return undefined;
  const half = Math.floor(values.length / 2);
  const mean = (part: readonly number[]) => part.reduce((sum, value) => sum + value, 0) / part.length;
  const change = mean(values.slice(-half)) - mean(values.slice(0, half));
  return change >= margin ? 'up' : change <= -margin ? 'down' : 'level';
}
