import { describe, expect, it } from 'vitest';
import { median, rankBySkill, skillFigure, skillSumsOf } from '../../src/stats/skill.js';

describe('the skill figure', () => {
  it('is the points lost per decision', () => {
    const figure = skillFigure(skillSumsOf([{ loss: 13, decisions: 26 }]))!;
    expect(figure.perDecision).toBeCloseTo(0.5, 12);
    expect(figure.interval).toBeUndefined();
  });

  it('has an interval that holds the figure and narrows with more games', () => {
    const games = (n: number) => Array.from({ length: n }, (_, i) => ({ loss: 10 + (i % 5) * 2, decisions: 26 }));
    const few = skillFigure(skillSumsOf(games(5)))!;
    const many = skillFigure(skillSumsOf(games(500)))!;
    for (const figure of [few, many]) {
      expect(figure.interval!.low).toBeLessThanOrEqual(figure.perDecision);
      expect(figure.interval!.high).toBeGreaterThanOrEqual(figure.perDecision);
    }
    const width = (f: typeof few) => f.interval!.high - f.interval!.low;
    expect(width(many)).toBeLessThan(width(few) / 5);
  });

  it('matches the sample standard error for games of equal length', () => {
    const losses = [4, 8, 6, 10, 2];
    const figure = skillFigure(skillSumsOf(losses.map((loss) => ({ loss, decisions: 26 }))))!;
    const mean = 6;
    const sd = Math.sqrt(losses.reduce((s, x) => s + (x - mean) ** 2, 0) / 4);
    const se = sd / Math.sqrt(5) / 26;
    expect(figure.perDecision).toBeCloseTo(mean / 26, 12);
    expect(figure.interval!.high - figure.perDecision).toBeCloseTo(1.959964 * se, 9);
  });

  it('is undefined without a decision', () => {
    expect(skillFigure(skillSumsOf([]))).toBeUndefined();
  });

  it('the median of a server', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});

describe('the skill ranking', () => {
  it('ranks fewest points lost per decision first, leaves out people with too few games, shares equal ranks', () => {
    const line = (playerId: string, losses: number[]) => ({
      playerId,
      ...skillSumsOf(losses.map((loss) => ({ loss, decisions: 26 }))),
    });
    const ranks = rankBySkill([line('a', [9, 9]), line('b', [2, 4]), line('c', [3, 3]), line('d', [1])], 2);
    expect(ranks.map((entry) => [entry.rank, entry.line.playerId])).toEqual([
      [1, 'b'],
      [1, 'c'],
      [3, 'a'],
    ]);
  });
});
