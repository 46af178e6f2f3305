import { describe, expect, it } from 'vitest';
import { formatMessageTime, formatRelative, formatTimestamp, isTimestampStyle } from '../src/lib/timestamp-format.js';

// 2026-12-01 16:05:09 UTC, a Tuesday.
const AT = Date.UTC(2026, 11, 1, 16, 5, 9) / 1000;
const context = { nowMs: AT * 1000, locale: 'en-US', timeZone: 'UTC' };

describe('<t:…:style> timestamps', () => {
  it('formats every absolute style as Discord does', () => {
    expect(formatTimestamp(AT, 't', context)).toBe('4:05 PM');
    expect(formatTimestamp(AT, 'T', context)).toBe('4:05:09 PM');
    expect(formatTimestamp(AT, 'd', context)).toBe('12/01/2026');
    expect(formatTimestamp(AT, 'D', context)).toBe('December 1, 2026');
    expect(formatTimestamp(AT, 'f', context)).toBe('December 1, 2026 at 4:05 PM');
    expect(formatTimestamp(AT, 'F', context)).toBe('Tuesday, December 1, 2026 at 4:05 PM');
  });

  it('follows the reader’s locale', () => {
    expect(formatTimestamp(AT, 'D', { ...context, locale: 'ru' })).toBe('1 декабря 2026 г.');
    expect(formatRelative(5 * 60_000, 'ru')).toBe('через 5 минут');
  });

  it('says how far away a relative one is, in the largest fitting unit', () => {
    expect(formatTimestamp(AT + 5 * 60, 'R', context)).toBe('in 5 minutes');
    expect(formatTimestamp(AT - 2 * 3600, 'R', context)).toBe('2 hours ago');
    expect(formatRelative(0, 'en-US')).toBe('now');
    expect(formatRelative(-30_000, 'en-US')).toBe('30 seconds ago');
    expect(formatRelative(3 * 86_400_000, 'en-US')).toBe('in 3 days');
    expect(formatRelative(-400 * 86_400_000, 'en-US')).toBe('last year');
  });

  it('knows the styles', () => {
    for (const style of 'tTdDfFR') expect(isTimestampStyle(style)).toBe(true);
    expect(isTimestampStyle('x')).toBe(false);
    expect(isTimestampStyle(undefined)).toBe(false);
  });

  it('dates messages "Today at", "Yesterday at", or by the date', () => {
    const labels = { today: (time: string) => `Today at ${time}`, yesterday: (time: string) => `Yesterday at ${time}` };
    expect(formatMessageTime('2026-12-01T09:30:00Z', context, labels)).toBe('Today at 9:30 AM');
    expect(formatMessageTime('2026-11-30T23:59:00Z', context, labels)).toBe('Yesterday at 11:59 PM');
    expect(formatMessageTime('2026-11-02T08:00:00Z', context, labels)).toBe('11/02/2026 8:00 AM');
  });
});
