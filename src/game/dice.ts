/** A face of a six-sided die. */
export type Die = 1 | 2 | 3 | 4 | 5 | 6;

/** The three dice of a Crag roll, in the order they sit on the board. */
export type Dice = readonly [Die, Die, Die];

/** Which of the three dice the player keeps when rerolling. */
export type Keep = readonly [boolean, boolean, boolean];

export const NO_KEEP: Keep = [false, false, false];

/**
 * A source of random integers in [0, maxExclusive). The engine never reaches for a global
 * random number generator: the application injects `node:crypto`'s `randomInt`, tests a seeded one.
 */
export type RandomInt = (maxExclusive: number) => number;

export function isDie(value: unknown): value is Die {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

export function rollDie(random: RandomInt): Die {
  const face = random(6) + 1;
  if (!isDie(face)) throw new RangeError(`random source returned ${face - 1}, outside [0, 6)`);
  return face;
}

export function rollDice(random: RandomInt): Dice {
  return [rollDie(random), rollDie(random), rollDie(random)];
}

/** Rerolls the dice that are not kept, left to right. */
export function rerollDice(dice: Dice, keep: Keep, random: RandomInt): Dice {
  return [
    keep[0] ? dice[0] : rollDie(random),
    keep[1] ? dice[1] : rollDie(random),
    keep[2] ? dice[2] : rollDie(random),
  ];
}

/**
 * A small, fast, seedable generator (sfc32, seeded through splitmix32) for tests, benchmarks and
 * simulations. Not for play: the bot uses `node:crypto`.
 */
export function seededRandom(seed: number): RandomInt {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  return (maxExclusive) => {
    if (!Number.isInteger(maxExclusive) || maxExclusive <= 0 || maxExclusive > 0x1_0000_0000) {
      throw new RangeError(`maxExclusive must be an integer in [1, 2^32], got ${maxExclusive}`);
    }
    // Rejection sampling keeps the result unbiased.
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % maxExclusive);
    for (;;) {
      const value = next();
      if (value < limit) return value % maxExclusive;
    }
  };
}
