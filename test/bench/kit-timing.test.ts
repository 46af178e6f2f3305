import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { summarize, timeEach, timeEachSync } from '../../harness/kit/figures.js';

describe('the kit’s timing loop', () => {
  it('times only the calls after the warm-up, each one on its own', () => {
    const seen: number[] = [];
    const ms = timeEachSync(
      4,
      (i) => {
        seen.push(i);
        // The second timed call spins 20 ms; the others return at once.
        const until = performance.now() + (seen.length === 4 ? 20 : 0);
        while (performance.now() < until);
      },
      2,
    );
    expect(seen).toEqual([0, 1, 0, 1, 2, 3]);
    expect(ms).toHaveLength(4);
    expect(ms[1]).toBeGreaterThanOrEqual(20);
    expect(Math.max(ms[0]!, ms[2]!, ms[3]!)).toBeLessThan(20);
  });

  it('waits for each answer before the next call starts, and counts the wait', async () => {
    let inFlight = 0;
    let most = 0;
    const ms = await timeEach(
      3,
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await sleep(15);
        inFlight -= 1;
      },
      1,
    );
    expect(most).toBe(1);
    expect(summarize(ms).count).toBe(3);
    expect(Math.min(...ms)).toBeGreaterThanOrEqual(14);
  });
});
