import { CATEGORY_IDS, MAX_POINTS, ROW_COUNT } from '../game/index.js';

export { ROW_COUNT };
/** Sets of rows as bit sets: bit i is `CATEGORY_IDS[i]`. Plain constants, read in hot loops. */
export const ALL_USED = (1 << ROW_COUNT) - 1;
const ROW_MAX_POINTS = Int32Array.from(CATEGORY_IDS, (id) => MAX_POINTS[id]);

/** The most points the open rows of `mask` can still bring. */
export function maxRemaining(mask: number): number {
  let points = 0;
  for (let row = 0; row < ROW_COUNT; row += 1) if (!(mask & (1 << row))) points += ROW_MAX_POINTS[row]!;
  return points;
}

export function openRowCount(mask: number): number {
  let open = 0;
  for (let row = 0; row < ROW_COUNT; row += 1) if (!(mask & (1 << row))) open += 1;
  return open;
}
