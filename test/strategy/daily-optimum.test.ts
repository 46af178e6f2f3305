import { describe, expect, it } from 'vitest';
import { categoryIndex, DEFAULT_RULES, keyedDie, sheetTotal } from '../../src/game/index.js';
import { OPTIMUM_PLAYER_ID, OptimumCache, playOptimum, solverFor } from '../../src/strategy/index.js';

const SECRET = Buffer.alloc(32, 3);

describe("the optimum's game on a deal", () => {
  it('is the solver playing the keyed dice: every roll is the stream, every choice the best', () => {
    const { state, total } = playOptimum({ secret: SECRET, day: 20_600 });
    expect(state.status).toBe('finished');
    expect(state.history).toHaveLength(13);
    expect(total).toBe(sheetTotal(state.sheets[OPTIMUM_PLAYER_ID] ?? {}));
    const solver = solverFor(DEFAULT_RULES);
    let used = 0;
    for (const turn of state.history) {
      expect(turn.rolls[0]).toEqual([0, 1, 2].map((slot) => keyedDie(SECRET, 20_600, turn.round, 0, slot)));
      const best = solver.bestAction(used, turn.rolls[0]!, 1)!;
      if (turn.rolls.length === 1) expect(best.type).toBe('row');
      else expect(best.type === 'keep' && best.keep).toEqual(turn.keeps[0]);
      used |= 1 << categoryIndex(turn.category);
    }
  });

  it('is deterministic, and differs from day to day', () => {
    const a = playOptimum({ secret: SECRET, day: 20_601 });
    const b = playOptimum({ secret: Buffer.from(SECRET), day: 20_601 });
    const c = playOptimum({ secret: SECRET, day: 20_602 });
    expect(b.state).toEqual(a.state);
    expect(c.state.history).not.toEqual(a.state.history);
  });

  it('is played once per day and cached', () => {
    const cache = new OptimumCache(SECRET);
    const first = cache.of(20_603);
    expect(cache.of(20_603)).toBe(first);
    expect(cache.played).toBe(1);
    cache.of(20_604);
    expect(cache.played).toBe(2);
    expect(first.total).toBe(playOptimum({ secret: SECRET, day: 20_603 }).total);
  });

  it('averages what the solver expects over many days', () => {
    let sum = 0;
    const days = 300;
    for (let day = 0; day < days; day += 1) sum += playOptimum({ secret: SECRET, day }).total;
    const expected = solverFor(DEFAULT_RULES).optimalExpectedTotal();
    // The standard deviation of a game's total is about 35 points: 300 days put the mean within ~6.
    expect(Math.abs(sum / days - expected)).toBeLessThan(8);
  });
});
