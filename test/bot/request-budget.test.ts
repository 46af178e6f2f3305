import { describe, expect, test } from 'vitest';
import {
  type BudgetTimers,
  budgetShare,
  DEFAULT_REQUESTS_PER_SECOND,
  RequestBudget,
  type RequestPriority,
} from '../../src/bot/request-budget.js';

/** A clock the test moves by hand, running the budget's timers as their time comes. */
class ManualTime implements BudgetTimers {
  private at = 0;
  private readonly timers: { due: number; run: () => void }[] = [];

  readonly now = () => this.at;
  readonly setTimeout = (run: () => void, ms: number) => {
    this.timers.push({ due: this.at + ms, run });
  };

  async advance(ms: number): Promise<void> {
    const until = this.at + ms;
    for (;;) {
      this.timers.sort((a, b) => a.due - b.due);
      const next = this.timers[0];
      if (!next || next.due > until) break;
      this.timers.shift();
      this.at = next.due;
      next.run();
      await Promise.resolve();
    }
    this.at = until;
    await Promise.resolve();
  }
}

function recorder(budget: RequestBudget, time: ManualTime) {
  const granted: { priority: RequestPriority; label: string; at: number }[] = [];
  const ask = (priority: RequestPriority, label: string = priority) =>
    void budget.take(priority).then(() => granted.push({ priority, label, at: time.now() }));
  return { granted, ask };
}

describe('RequestBudget', () => {
  test('never more than perSecond started in any second, however they come', async () => {
    const time = new ManualTime();
    const budget = new RequestBudget(10, time);
    const { granted, ask } = recorder(budget, time);
    for (let index = 0; index < 35; index++) ask('normal');
    await time.advance(0);
    // A fifth of the second at once, then a fifth every 200 ms.
    expect(granted).toHaveLength(2);
    await time.advance(199);
    expect(granted).toHaveLength(2);
    await time.advance(1);
    expect(granted).toHaveLength(4);
    await time.advance(800);
    expect(granted).toHaveLength(12);
    await time.advance(5000);
    expect(granted).toHaveLength(35);
    const starts = granted.map((grant) => grant.at);
    const within = (start: number, ms: number) => starts.filter((other) => other >= start && other < start + ms).length;
    for (const start of starts) {
      expect(within(start, 1000)).toBeLessThanOrEqual(10);
      expect(within(start, 200)).toBeLessThanOrEqual(2);
      // Any 1.2 s holds at most a second's and a fifth's: what arrives shifted by 200 ms stays under.
      expect(within(start, 1200)).toBeLessThanOrEqual(12);
    }
  });

  test('a full second waits for the second, though its last 200 ms are free', async () => {
    const time = new ManualTime();
    // 2 in any 200 ms would allow 10 a second: the second's 7 binds.
    const budget = new RequestBudget(7, time);
    const { granted, ask } = recorder(budget, time);
    for (let index = 0; index < 8; index++) ask('normal');
    await time.advance(0);
    await time.advance(999);
    expect(granted.map((grant) => grant.at)).toEqual([0, 0, 200, 200, 400, 400, 600]);
    await time.advance(1);
    expect(granted.at(-1)?.at).toBe(1000);
  });

  test('what a person waits for goes first, then the rest, pings last', async () => {
    const time = new ManualTime();
    // 2 in any 200 ms.
    const budget = new RequestBudget(10, time);
    const { granted, ask } = recorder(budget, time);
    ask('normal', 'n0');
    ask('normal', 'n1');
    await time.advance(0);
    ask('ping', 'p');
    ask('normal', 'n2');
    ask('waited-for', 'w');
    await time.advance(200);
    expect(granted.map((grant) => grant.label)).toEqual(['n0', 'n1', 'w', 'n2']);
    await time.advance(200);
    expect(granted.map((grant) => grant.label)).toEqual(['n0', 'n1', 'w', 'n2', 'p']);
  });

  test('a ping finds room only while a quarter of the second is free, the last 200 ms are not full, and nothing waits', async () => {
    const time = new ManualTime();
    // 10 a second, 2 in any 200 ms; 3 of the second kept from pings.
    const budget = new RequestBudget(10, time);
    expect(budget.roomForPing()).toBe(true);
    void budget.take('normal');
    void budget.take('normal');
    expect(budget.roomForPing()).toBe(false);
    await time.advance(200);
    expect(budget.roomForPing()).toBe(true);
    for (const _ of [1, 2]) {
      void budget.take('normal');
      void budget.take('normal');
      await time.advance(200);
    }
    // 6 of 10 taken: 4 free, more than the 3 kept from pings.
    expect(budget.roomForPing()).toBe(true);
    void budget.take('normal');
    expect(budget.roomForPing()).toBe(false);
    await time.advance(1000);
    expect(budget.roomForPing()).toBe(true);
    for (let index = 0; index < 3; index++) void budget.take('waited-for');
    expect(budget.waiting()).toBe(1);
    await time.advance(0);
    expect(budget.roomForPing()).toBe(false);
  });

  test('a global 429 holds every request for its Retry-After, then the budget goes on as before', async () => {
    const time = new ManualTime();
    // 4 in any 200 ms.
    const budget = new RequestBudget(20, time);
    const { granted, ask } = recorder(budget, time);
    for (const label of ['a', 'b', 'c', 'd', 'e']) ask('normal', label);
    await time.advance(0);
    // 'e' waits for the 200 ms window, its timer due at 200 ms; the hold must outlast that timer.
    budget.holdFor(2500);
    expect(budget.roomForPing()).toBe(false);
    ask('waited-for', 'w');
    await time.advance(2499);
    expect(granted.map((grant) => grant.label)).toEqual(['a', 'b', 'c', 'd']);
    await time.advance(1);
    expect(granted.slice(4).map((grant) => [grant.label, grant.at])).toEqual([
      ['w', 2500],
      ['e', 2500],
    ]);
    await time.advance(1000);
    expect(budget.roomForPing()).toBe(true);
    // A shorter hold within a longer one does not shorten it.
    budget.holdFor(1000);
    budget.holdFor(200);
    ask('normal', 'late');
    await time.advance(999);
    expect(granted).toHaveLength(6);
    await time.advance(1);
    expect(granted.at(-1)).toEqual({ priority: 'normal', label: 'late', at: 4500 });
  });

  test('refuses a budget below one request a second', () => {
    expect(() => new RequestBudget(0)).toThrow(RangeError);
  });

  test("shares the default budget among one host's processes, so that together they stay under it", () => {
    expect(budgetShare(1)).toBe(DEFAULT_REQUESTS_PER_SECOND);
    for (const processes of [2, 3, 4, 8, 16]) {
      expect(budgetShare(processes) * processes).toBeLessThanOrEqual(DEFAULT_REQUESTS_PER_SECOND);
      expect(budgetShare(processes)).toBeGreaterThan(DEFAULT_REQUESTS_PER_SECOND / processes - 1);
    }
    // Never none: more processes than requests a second still lets each send one.
    expect(budgetShare(100)).toBe(1);
  });
});
