import { describe, expect, it } from 'vitest';
import { monthKey, PERIODS, periodKey, periodKeysOf, weekKey } from '../../src/stats/periods.js';

const at = (iso: string) => Date.parse(iso);

describe('periods', () => {
  it('names the UTC calendar month', () => {
    expect(monthKey(at('2026-12-01T00:00:00Z'))).toBe('2026-12');
    expect(monthKey(at('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(monthKey(at('2027-01-01T00:00:00Z'))).toBe('2027-01');
  });

  it('names the ISO week, Monday to Sunday, whose Thursday decides the year', () => {
    expect(weekKey(at('2026-12-01T12:00:00Z'))).toBe('2026-W49');
    // Sunday and the Monday after fall in different weeks.
    expect(weekKey(at('2026-12-06T23:59:59Z'))).toBe('2026-W49');
    expect(weekKey(at('2026-12-07T00:00:00Z'))).toBe('2026-W50');
    // 2026 starts on a Thursday, so it has 53 weeks and 1 January 2027 still belongs to its last.
    expect(weekKey(at('2027-01-01T10:00:00Z'))).toBe('2026-W53');
    expect(weekKey(at('2027-01-04T00:00:00Z'))).toBe('2027-W01');
    // And 30 December 2024, a Monday, opens 2025's first week.
    expect(weekKey(at('2024-12-30T00:00:00Z'))).toBe('2025-W01');
    expect(weekKey(at('2026-01-01T00:00:00Z'))).toBe('2026-W01');
  });

  it('keys each period a game counts in: all time, its season, its month and its week', () => {
    const time = at('2027-01-01T10:00:00Z');
    expect(PERIODS.map((period) => periodKey(period, time, 3))).toEqual([
      'all',
      'season:3',
      'month:2027-01',
      'week:2026-W53',
    ]);
    expect(periodKeysOf(time, 3)).toEqual(['all', 'season:3', 'month:2027-01', 'week:2026-W53']);
  });
});
