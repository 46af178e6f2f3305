import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, sheetTotal } from '../../src/game/index.js';
import { dailyOutcome, lossSquare, percentile, shareSquares, streakOf } from '../../src/stats/daily-result.js';
import { analyseGame, OPTIMUM_PLAYER_ID, playOptimum } from '../../src/strategy/index.js';

const SECRET = Buffer.alloc(32, 5);

describe('a daily outcome', () => {
  it('loses nothing when the optimum plays, and every row is green', () => {
    const { state } = playOptimum({ secret: SECRET, day: 20_700 });
    const outcome = dailyOutcome(state, OPTIMUM_PLAYER_ID);
    expect(outcome.loss).toBeCloseTo(0, 9);
    expect(outcome.decisions).toBe(26);
    expect(outcome.total).toBe(sheetTotal(state.sheets[OPTIMUM_PLAYER_ID]!));
    expect(shareSquares(outcome.rowLosses)).toBe('🟩'.repeat(13));
  });

  it("puts each decision's loss on the row its turn filled, and they add up to the analysis", () => {
    const { state: optimal } = playOptimum({ secret: SECRET, day: 20_701 });
    // The same dice, but the first turn's roll scored in the row the optimum used last: a worse choice.
    const first = optimal.history[0]!;
    const last = optimal.history[12]!;
    const swapped = {
      ...optimal,
      history: [
        { ...first, category: last.category },
        ...optimal.history.slice(1, 12),
        { ...last, category: first.category },
      ],
    };
    const outcome = dailyOutcome(swapped, OPTIMUM_PLAYER_ID);
    const analysis = analyseGame(swapped)[0]!;
    expect(outcome.loss).toBeCloseTo(analysis.skillLoss, 9);
    const rowSum = CATEGORY_IDS.reduce((sum, row) => sum + outcome.rowLosses[row], 0);
    expect(rowSum).toBeCloseTo(analysis.skillLoss, 9);
    expect(outcome.rowLosses[last.category]).toBeCloseTo(
      analysis.decisions.filter((d) => d.round === 1).reduce((s, d) => s + d.loss, 0),
      9,
    );
  });
});

describe('the share squares', () => {
  it('colour by the points lost, and carry no digit', () => {
    expect([0, 0.04, 0.5, 2, 10].map(lossSquare)).toEqual(['🟩', '🟩', '🟨', '🟧', '🟥']);
    const losses = Object.fromEntries(CATEGORY_IDS.map((row, i) => [row, i])) as Record<
      (typeof CATEGORY_IDS)[number],
      number
    >;
    const squares = shareSquares(losses);
    expect([...squares]).toHaveLength(13);
    expect(squares).not.toMatch(/\d/);
  });
});

describe('the streak', () => {
  it('counts the days in a row up to today, or up to yesterday while today is not played', () => {
    expect(streakOf([10, 9, 8, 6], 10)).toBe(3);
    expect(streakOf([9, 8], 10)).toBe(2);
    expect(streakOf([8], 10)).toBe(0);
    expect(streakOf([], 10)).toBe(0);
  });
});

describe('the world percentile', () => {
  it("is the share of the day's players who did no better", () => {
    expect(percentile({ finished: 1, better: 0 })).toBe(100);
    expect(percentile({ finished: 4, better: 1 })).toBe(75);
    expect(percentile({ finished: 3, better: 2 })).toBe(33);
  });
});
