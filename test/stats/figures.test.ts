import { describe, expect, it } from 'vitest';
import { ALL_RULE_SETS, CATEGORY_IDS } from '../../src/game/index.js';
import type { PlayerGameRecord } from '../../src/stats/game-record.js';
import { mergeTotals } from '../../src/stats/merge-totals.js';
import { addGame, NO_GAMES, RECENT_GAMES, type RecentGame } from '../../src/stats/player-totals.js';
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
    const one = addGame(NO_GAMES, record(12, { won: true, crags: 1 }), 1);
    const two = addGame(one, record(3), 2);
    expect(two).toMatchObject({ games: 2, wins: 1, total: 15, best: 12, crags: 1, luck: -1 });
    expect(two.skillLoss).toBeCloseTo(2.468, 10);
    expect(two.rowPoints[CATEGORY_IDS.indexOf('sixes')]).toBe(15);
    expect(two.rowZeros[CATEGORY_IDS.indexOf('sixes')]).toBe(0);
    expect(two.rowZeros[CATEGORY_IDS.indexOf('crag')]).toBe(2);
    // A first game's total is the best, however low.
    expect(addGame(NO_GAMES, record(0), 1).best).toBe(0);
  });

  it('keep the latest ten games, oldest first, skill to two decimals', () => {
    let totals = NO_GAMES;
    for (let game = 1; game <= 13; game += 1) totals = addGame(totals, record(game), game * 1000);
    expect(totals.recent).toHaveLength(RECENT_GAMES);
    expect(totals.recent.map((game) => game.total)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(totals.recent[0]?.skillLoss).toBe(1.23);
    expect(totals.recent[0]?.at).toBe(4000);
  });
});

describe('a person’s totals over several places', () => {
  it('add up as if every game had been counted in one row, the latest games by when they ended', () => {
    // A server's games end at odd times, a group DM's at even ones: the latest ten interleave.
    let server = NO_GAMES;
    let groupDm = NO_GAMES;
    let together = NO_GAMES;
    for (let game = 1; game <= 14; game += 1) {
      const played = record(game, { won: game % 3 === 0, crags: game % 5 === 0 ? 1 : 0 });
      if (game % 2 === 1) server = addGame(server, played, game);
      else groupDm = addGame(groupDm, played, game);
      together = addGame(together, played, game);
    }
    const merged = mergeTotals([server, groupDm]);
    expect(merged).toEqual({ ...together, skillLoss: merged?.skillLoss, luck: merged?.luck });
    expect(merged?.skillLoss).toBeCloseTo(together.skillLoss, 10);
    expect(merged?.recent.map((game) => game.total)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(mergeTotals([server])).toBe(server);
    expect(mergeTotals([])).toBeUndefined();
  });

  it('put games counted before their end time was kept before every timed one, in their row’s order', () => {
    const untimed: RecentGame[] = [
      { total: 1, skillLoss: 1 },
      { total: 2, skillLoss: 1 },
    ];
    const old = { ...addGame(addGame(NO_GAMES, record(1), 0), record(2), 0), recent: untimed };
    const timed = addGame(NO_GAMES, record(3), 5);
    expect(mergeTotals([timed, old])?.recent.map((game) => game.total)).toEqual([1, 2, 3]);
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
