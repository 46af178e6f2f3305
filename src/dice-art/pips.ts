import type { Die } from '../game/index.js';

/** Where the pips of each face sit, as fractions of the die's body (0 = left/top, 1 = right/bottom). */
export type PipPosition = readonly [x: number, y: number];

// 0.23 and 0.77 rather than the usual quarters: the wider spacing keeps the six pips apart when
// Discord shrinks the emoji to 22 px.
const LOW = 0.23;
const MID = 0.5;
const HIGH = 0.77;

export const PIPS: Readonly<Record<Die, readonly PipPosition[]>> = {
  1: [[MID, MID]],
  2: [
    [HIGH, LOW],
    [LOW, HIGH],
  ],
  3: [
    [HIGH, LOW],
    [MID, MID],
    [LOW, HIGH],
  ],
  4: [
    [LOW, LOW],
    [HIGH, LOW],
    [LOW, HIGH],
    [HIGH, HIGH],
  ],
  5: [
    [LOW, LOW],
    [HIGH, LOW],
    [MID, MID],
    [LOW, HIGH],
    [HIGH, HIGH],
  ],
  6: [
    [LOW, LOW],
    [HIGH, LOW],
    [LOW, MID],
    [HIGH, MID],
    [LOW, HIGH],
    [HIGH, HIGH],
  ],
};

export const DIE_FACES: readonly Die[] = [1, 2, 3, 4, 5, 6];
