import { describe, expect, it } from 'vitest';
import { periodBounds } from '../../src/stats/period-bounds.js';
import { periodKey } from '../../src/stats/periods.js';

const starts = new Map([
  [2, Date.UTC(2026, 5, 1)],
  [3, Date.UTC(2026, 8, 1)],
]);
const seasonStart = (season: number) => starts.get(season) ?? null;

describe('the span of a period key', () => {
  it('holds every moment the key is written for, and nothing beside', () => {
    for (const time of [
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 11, 31, 23, 59),
      Date.UTC(2027, 0, 3, 12),
      Date.UTC(2026, 11, 2),
    ]) {
      for (const period of ['month', 'week'] as const) {
        const bounds = periodBounds(periodKey(period, time, 1), seasonStart)!;
        expect(time).toBeGreaterThanOrEqual(bounds.from!);
        expect(time).toBeLessThan(bounds.until!);
        expect(periodKey(period, bounds.from!, 1)).toBe(periodKey(period, time, 1));
        expect(periodKey(period, bounds.until! - 1, 1)).toBe(periodKey(period, time, 1));
        expect(periodKey(period, bounds.until!, 1)).not.toBe(periodKey(period, time, 1));
      }
    }
  });

  it('bounds a season by its start and the next one', () => {
    expect(periodBounds('season:1', seasonStart)).toEqual({ from: null, until: Date.UTC(2026, 5, 1) });
    expect(periodBounds('season:2', seasonStart)).toEqual({ from: Date.UTC(2026, 5, 1), until: Date.UTC(2026, 8, 1) });
    expect(periodBounds('season:3', seasonStart)).toEqual({ from: Date.UTC(2026, 8, 1), until: null });
    expect(periodBounds('all', seasonStart)).toEqual({ from: null, until: null });
    expect(periodBounds('fortnight:1', seasonStart)).toBeUndefined();
  });
});
