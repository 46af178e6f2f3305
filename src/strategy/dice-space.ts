import type { Die } from '../game/index.js';

/**
 * The states of three dice with the order forgotten, and how rerolls move between them.
 * Order never matters to a row, so the solver works on the 56 sorted rolls and on the 28 partial
 * keeps (multisets of 0, 1 or 2 faces; keeping all three means standing on the roll).
 * Built once; independent of the rules.
 */
export interface DiceSpace {
  /** 56 sorted rolls. */
  readonly rollCount: number;
  /** The faces of roll i, ascending, at 3i, 3i + 1, 3i + 2. */
  readonly rollFaces: Uint8Array;
  /** 28 partial keeps; keep 0 keeps nothing, so its transitions are the opening roll. */
  readonly keepCount: number;
  /** The faces of each partial keep, ascending. */
  readonly keepFaces: readonly (readonly Die[])[];
  /** Transitions of keep k: entries transitionStart[k] to transitionStart[k + 1] - 1. */
  readonly transitionStart: Uint16Array;
  readonly transitionRoll: Uint8Array;
  readonly transitionProbability: Float64Array;
  /** The distinct partial keeps of roll i: entries subKeepStart[i] to subKeepStart[i + 1] - 1. */
  readonly subKeepStart: Uint16Array;
  readonly subKeep: Uint8Array;
}

export const NOTHING_KEPT = 0;

/** The roll index of three dice in any order. */
export function rollIndex(dice: readonly number[]): number {
  if (dice.length !== 3 || !dice.every(isFace)) {
    throw new RangeError(`expected three dice from 1 to 6, got [${dice.join(', ')}]`);
  }
  return ROLL_BY_ORDERED[orderedCode(dice)] ?? 255;
}

/** The partial-keep index of 0 to 2 faces in any order. */
export function keepIndex(faces: readonly number[]): number {
  if (faces.length > 2 || !faces.every(isFace)) {
    throw new RangeError(`expected 0 to 2 faces from 1 to 6, got [${faces.join(', ')}]`);
  }
  return KEEP_BY_CODE[keepCode([...faces].sort((a, b) => a - b))] ?? 255;
}

function isFace(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 6;
}

function orderedCode(dice: readonly number[]): number {
  return ((dice[0] ?? 0) - 1) * 36 + ((dice[1] ?? 0) - 1) * 6 + ((dice[2] ?? 0) - 1);
}

/** A distinct number for every sorted multiset of 0 to 2 faces (below 49). */
function keepCode(sortedFaces: readonly number[]): number {
  if (sortedFaces.length === 0) return 0;
  if (sortedFaces.length === 1) return sortedFaces[0] ?? 0;
  return 7 * (sortedFaces[0] ?? 0) + (sortedFaces[1] ?? 0);
}

const FACES: readonly Die[] = [1, 2, 3, 4, 5, 6];

function buildRolls(): { faces: Uint8Array; byOrdered: Uint8Array } {
  const sorted: number[][] = [];
  for (const a of FACES) for (const b of FACES) for (const c of FACES) if (a <= b && b <= c) sorted.push([a, b, c]);
  const faces = new Uint8Array(sorted.flat());
  const byOrdered = new Uint8Array(216).fill(255);
  for (const a of FACES) {
    for (const b of FACES) {
      for (const c of FACES) {
        const [x, y, z] = [a, b, c].sort((p, q) => p - q);
        byOrdered[orderedCode([a, b, c])] = sorted.findIndex((s) => s[0] === x && s[1] === y && s[2] === z);
      }
    }
  }
  return { faces, byOrdered };
}

const ROLLS = buildRolls();
const ROLL_BY_ORDERED = ROLLS.byOrdered;

function buildKeeps(): { faces: Die[][]; byCode: Uint8Array } {
  const faces: Die[][] = [[]];
  for (const a of FACES) faces.push([a]);
  for (const a of FACES) for (const b of FACES) if (a <= b) faces.push([a, b]);
  const byCode = new Uint8Array(49).fill(255);
  faces.forEach((kept, index) => {
    byCode[keepCode(kept)] = index;
  });
  return { faces, byCode };
}

const KEEPS = buildKeeps();
const KEEP_BY_CODE = KEEPS.byCode;

/** Every way to fill the unkept dice, each with probability 6^-free. */
function buildTransitions(): Pick<DiceSpace, 'transitionStart' | 'transitionRoll' | 'transitionProbability'> {
  const start = new Uint16Array(KEEPS.faces.length + 1);
  const rolls: number[] = [];
  const probabilities: number[] = [];
  KEEPS.faces.forEach((kept, k) => {
    start[k] = rolls.length;
    const free = 3 - kept.length;
    const weight = new Float64Array(56);
    const count = 6 ** free;
    for (let outcome = 0; outcome < count; outcome += 1) {
      const dice: number[] = [...kept];
      for (let die = 0, rest = outcome; die < free; die += 1, rest = Math.floor(rest / 6)) dice.push((rest % 6) + 1);
      const roll = rollIndex(dice);
      weight[roll] = (weight[roll] ?? 0) + 1 / count;
    }
    weight.forEach((p, roll) => {
      if (p > 0) {
        rolls.push(roll);
        probabilities.push(p);
      }
    });
  });
  start[KEEPS.faces.length] = rolls.length;
  return {
    transitionStart: start,
    transitionRoll: new Uint8Array(rolls),
    transitionProbability: new Float64Array(probabilities),
  };
}

/** Position subsets of size 0 to 2, deduplicated as multisets. */
function buildSubKeeps(): Pick<DiceSpace, 'subKeepStart' | 'subKeep'> {
  const rollCount = ROLLS.faces.length / 3;
  const start = new Uint16Array(rollCount + 1);
  const keeps: number[] = [];
  for (let roll = 0; roll < rollCount; roll += 1) {
    start[roll] = keeps.length;
    const faces = [...ROLLS.faces.subarray(3 * roll, 3 * roll + 3)];
    const distinct = new Set<number>();
    for (let mask = 0; mask < 7; mask += 1) {
      const kept = faces.filter((_, position) => (mask >> position) & 1);
      if (kept.length < 3) distinct.add(keepIndex(kept));
    }
    keeps.push(...[...distinct].sort((a, b) => a - b));
  }
  start[rollCount] = keeps.length;
  return { subKeepStart: start, subKeep: new Uint8Array(keeps) };
}

export const DICE_SPACE: DiceSpace = {
  rollCount: ROLLS.faces.length / 3,
  rollFaces: ROLLS.faces,
  keepCount: KEEPS.faces.length,
  keepFaces: KEEPS.faces,
  ...buildTransitions(),
  ...buildSubKeeps(),
};

/** The bytes the shared dice tables hold. */
export function diceSpaceBytes(space: DiceSpace = DICE_SPACE): number {
  return (
    space.rollFaces.byteLength +
    space.transitionStart.byteLength +
    space.transitionRoll.byteLength +
    space.transitionProbability.byteLength +
    space.subKeepStart.byteLength +
    space.subKeep.byteLength +
    ROLL_BY_ORDERED.byteLength +
    KEEP_BY_CODE.byteLength
  );
}
