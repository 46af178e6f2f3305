import { CATEGORY_IDS, type Sheet } from '../game/index.js';

/** The rows a sheet has filled, as a bit set (bit i is `CATEGORY_IDS[i]`). */
export function usedMaskOf(sheet: Sheet): number {
  let mask = 0;
  for (let row = 0; row < CATEGORY_IDS.length; row += 1) if (sheet[CATEGORY_IDS[row]!] !== undefined) mask |= 1 << row;
  return mask;
}
