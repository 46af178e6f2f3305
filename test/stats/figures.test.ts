import { describe, expect, it } from 'vitest';
import { ALL_RULE_SETS, CATEGORY_IDS } from '../../src/game/index.js';
import type { PlayerGameRecord } from '../../src/stats/game-record.js';
import { addGame, NO_GAMES, RECENT_GAMES } from '../../src/stats/player-totals.js';
import { ruleSetKey, rulesOfKey } from '../../src/stats/rule-sets.js';
import { trendOf } from '../../src/stats/trend.js';

function record(total: number, extra: Partial<PlayerGameRecord> = {}): PlayerGameRecord {
  const rows = Object.fromEntries(CATEGORY_IDS.map((row) => [row, 0])) as Record<(typeof CATEGORY_IDS)[number], number>;
  rows.sixes = total;
  return {
    playerId: '1',
    total,
    place: 1,
    won: false,
    left: false,
    rows,
    crags: 0,
    zeros: 12,
    skillLoss: 1.234,
    luck: -0.5,
    decisions: 26,
    ...extra,
  };
}

describe('a player’s totals', () => {
  it('add a game’s figures, and keep the best total', () => {
    const one = addGame(NO_GAMES, record(12, { won: true, crags: 1 }));
    const two = addGame(one, record(3));
    expect(two).toMatchObject({ games: 2, wins: 1, total: 15, best: 12, crags: 1, luck: -1 });
    expect(two.skillLoss).toBeCloseTo(2.468, 10);
    expect(two.rowPoints[CATEGORY_IDS.indexOf('sixes')]).toBe(15);
    expect(two.rowZeros[CATEGORY_IDS.indexOf('sixes')]).toBe(0);
    expect(two.rowZeros[CATEGORY_IDS.indexOf('crag')]).toBe(2);
    // A first game's total is the best, however low.
    expect(addGame(NO_GAMES, record(0)).best).toBe(0);
  });

  it('keep the latest ten games, oldest first, skill to two decimals', () => {
    let totals = NO_GAMES;
    for (let game = 1; game <= 13; game += 1) totals = addGame(totals, record(game));
    expect(totals.recent).toHaveLength(RECENT_GAMES);
    expect(totals.recent.map((game) => game.total)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(totals.recent[0]?.skillLoss).toBe(1.23);
  });
});

describe('rule set keys', () => {
  it('name each rule set and read back only what they write', () => {
    expect(ALL_RULE_SETS.map(ruleSetKey)).toEqual(['1-any', '1-no-pair', '2-any', '2-no-pair']);
    for (const rules of ALL_RULE_SETS) expect(rulesOfKey(ruleSetKey(rules))).toEqual(rules);
    for (const bad of ['3-any', '1-pair', '1-any ', '']) expect(rulesOfKey(bad)).toBeUndefined();
  });
});

describe('trends', () => {
  it('compare the newer half with the older, level within the margin', () => {
    expect(trendOf([100, 110, 150, 160], 5)).toBe('up');
    expect(trendOf([160, 150, 110, 100], 5)).toBe('down');
    expect(trendOf([150, 140, 152, 141], 5)).toBe('level');
    // With an odd count the middle game is in neither half.
    expect(trendOf([100, 100, 999, 104, 104], 5)).toBe('level');
    expect(trendOf([100, 200, 300], 5)).toBeUndefined();
  });
});
