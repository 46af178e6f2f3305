import { describe, expect, it } from 'vitest';
import { RequestBudget } from '../../src/bot/request-budget.js';

/** A clock that only moves when the budget sleeps. */
function fakeClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

describe('RequestBudget', () => {
  it('starts at most perSecond requests in any second, in the order they asked', async () => {
    const clock = fakeClock();
    const budget = new RequestBudget(2, clock.now, clock.sleep);
    const starts: [number, number][] = [];
    await Promise.all([0, 1, 2, 3, 4].map((n) => budget.take().then(() => starts.push([n, clock.now()]))));
    expect(starts).toEqual([
      [0, 0],
      [1, 0],
      [2, 1000],
      [3, 1000],
      [4, 2000],
    ]);
  });

  it('lets requests through at once while they stay under the budget', async () => {
    const clock = fakeClock();
    const budget = new RequestBudget(3, clock.now, clock.sleep);
    await budget.take();
    await clock.sleep(600);
    await budget.take();
    await budget.take();
    expect(clock.now()).toBe(600);
    await budget.take(); // The fourth within a second of the first waits for it to age out.
    expect(clock.now()).toBe(1000);
  });
});
