import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDie, NO_KEEP, rerollDice, rollDice, rollDie, seededRandom } from '../../src/game/index.js';
import { scripted } from './support.js';

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
}

describe('seededRandom', () => {
  // With 5 degrees of freedom, P(chi-square > 30) is about 1.5e-5: a loose bound that a sound
  // generator passes and a biased or stuck one does not. The seeds are fixed, so this is exact.
  it.each([1, 2, 42, 0xdeadbeef])('rolls a fair d6 (chi-square over 60,000 rolls, seed %i)', (seed) => {
    const random = seededRandom(seed);
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i += 1) {
      const value = random(6);
      counts[value] = (counts[value] ?? 0) + 1;
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(60_000);
    expect(counts).toHaveLength(6);
    expect(chiSquare(counts)).toBeLessThan(30);
  });

  it('the chi-square bound does catch a biased die', () => {
    // The check itself must be able to fail: a d6 that shows a six 1% too often is caught.
    const counts = [9_880, 9_880, 9_880, 9_880, 9_880, 10_600];
    expect(chiSquare(counts)).toBeGreaterThan(30);
  });

  it('the same seed gives the same sequence; different seeds differ', () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 64 }, () => random(1_000_000));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw(0)).not.toEqual(draw(1));
  });

  it('returns integers in [0, maxExclusive) for any valid bound', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 0x1_0000_0000 }), (seed, max) => {
        const random = seededRandom(seed);
        const values = Array.from({ length: 20 }, () => random(max));
        const outside = values.filter((value) => !Number.isInteger(value) || value < 0 || value >= max);
        expect(outside).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a bound of 1 always gives 0, and the full 2^32 range is allowed', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 100; i += 1) expect(random(1)).toBe(0);
    const values = Array.from({ length: 100 }, () => random(0x1_0000_0000));
    expect(new Set(values).size).toBeGreaterThan(90);
  });

  it.each([0, -1, -6, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 0x1_0000_0001, 2 ** 40])(
    'rejects the bound %s with RangeError',
    (bound) => {
      const random = seededRandom(1);
      expect(() => random(bound)).toThrow(RangeError);
      // A rejected call does not break the generator.
      expect(random(6)).toBeGreaterThanOrEqual(0);
    },
  );
});

describe('dice', () => {
  it('rollDie refuses a random source that returns a value outside [0, 6)', () => {
    expect(() => rollDie(() => 6)).toThrow(RangeError);
    expect(() => rollDie(() => -1)).toThrow(RangeError);
    expect(() => rollDie(() => 0.5)).toThrow(RangeError);
    expect(rollDie(() => 0)).toBe(1);
    expect(rollDie(() => 5)).toBe(6);
  });

  it('rollDice gives three dice, left to right from the source', () => {
    expect(rollDice(scripted([6, 2, 4]))).toEqual([6, 2, 4]);
    const random = seededRandom(5);
    for (let i = 0; i < 200; i += 1) expect(rollDice(random).every(isDie)).toBe(true);
  });

  it('rerollDice keeps the kept dice and redraws the others, left to right', () => {
    expect(rerollDice([1, 2, 3], [true, false, true], scripted([6]))).toEqual([1, 6, 3]);
    expect(rerollDice([1, 2, 3], NO_KEEP, scripted([4, 5, 6]))).toEqual([4, 5, 6]);
    expect(rerollDice([1, 2, 3], [false, true, false], scripted([5, 6]))).toEqual([5, 2, 6]);
  });
});
