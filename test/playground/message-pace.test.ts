import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES_PER_WINDOW, MessagePace, PACE_WINDOW_MS } from '../../src/playground/message-pace.js';

describe("a person's message pace", () => {
  it('lets a burst of five through, refuses the sixth with the wait, and lets one through once it is over', () => {
    const pace = new MessagePace();
    for (let n = 0; n < MESSAGES_PER_WINDOW; n++) expect(pace.take('alice', 1_000 + n).allowed).toBe(true);
    expect(pace.take('alice', 1_010)).toEqual({ allowed: false, retryAfterMs: PACE_WINDOW_MS - 10 });
    // Others are not held back by alice.
    expect(pace.take('bob', 1_010).allowed).toBe(true);
    expect(pace.take('alice', 1_000 + PACE_WINDOW_MS).allowed).toBe(true);
  });

  it('never lets more than five through in any five seconds, whatever the timing, and never says wait 0', () => {
    const times = fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 300 });
    fc.assert(
      fc.property(times, (raw) => {
        const pace = new MessagePace();
        const allowed: number[] = [];
        for (const at of [...raw].sort((a, b) => a - b)) {
          const verdict = pace.take('alice', at);
          if (verdict.allowed) allowed.push(at);
          else {
            expect(verdict.retryAfterMs).toBeGreaterThan(0);
            expect(verdict.retryAfterMs).toBeLessThanOrEqual(PACE_WINDOW_MS);
          }
        }
        for (const start of allowed) {
          expect(allowed.filter((at) => at >= start && at < start + PACE_WINDOW_MS).length).toBeLessThanOrEqual(
            MESSAGES_PER_WINDOW,
          );
        }
      }),
    );
  });
});
