import { CATEGORIES } from '../game/index.js';

/** Sets of rows as bit sets: bit i is `CATEGORY_IDS[i]`. Plain constants, read in hot loops. */
export const ROW_COUNT = CATEGORIES.length;
export const ALL_USED = (1 << ROW_COUNT) - 1;
const MAX_POINTS = Int32Array.from(CATEGORIES, (category) => category.maxPoints);

/** The most points the open rows of `mask` can still bring. */
export function maxRemaining(mask: number): number {
  let points = 0;
  for (let row = 0; row < ROW_COUNT; row += 1) if (!(mask & (1 << row))) points += MAX_POINTS[row]!;
  return points;
}

export function openRowCount(mask: number): number {
  let open = 0;
  for (let row = 0; row < ROW_COUNT; row += 1) if (!(mask & (1 << row))) open += 1;
  return open;
}
