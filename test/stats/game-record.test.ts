import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, type GameState, sheetTotal } from '../../src/game/index.js';
import { recordGame } from '../../src/stats/game-record.js';
import { analyseGame } from '../../src/strategy/index.js';
import { type GamePlan, newGameState, step } from '../store/drive-game.js';

const ALICE = '100000000000000001';
const BOB = '100000000000000002';

function playOut(plan: GamePlan): GameState {
  let state = newGameState(plan);
  for (let next = step(state, plan); next; next = step(state, plan)) state = next;
  return state;
}

describe('a finished game as statistics', () => {
  it('gives each person the skill and luck the analysis shows, with their rows, Crags and zeros', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const state = playOut({ seed, humans: [ALICE, BOB], computers: ['optimal'] });
      const analysis = analyseGame(state);
      const records = recordGame(state);
      expect(records.map((record) => record.playerId).sort()).toEqual([ALICE, BOB]);
      for (const record of records) {
        const mine = analysis.find((player) => player.playerId === record.playerId);
        expect(record.skillLoss).toBe(mine?.skillLoss);
        expect(record.luck).toBe(mine?.luck);
        expect(record.total).toBe(sheetTotal(state.sheets[record.playerId] ?? {}));
        expect(Object.values(record.rows).reduce((sum, points) => sum + points, 0)).toBe(record.total);
        expect(record.zeros).toBe(
          CATEGORY_IDS.filter((row) => state.sheets[record.playerId]?.[row]?.points === 0).length,
        );
        expect(record.crags).toBe(state.sheets[record.playerId]?.crag?.points === 50 ? 1 : 0);
      }
    }
  });

  it('counts a win only in a game with at least two people, shared firsts included', () => {
    const solo = playOut({ seed: 3, humans: [ALICE] });
    expect(recordGame(solo)).toMatchObject([{ playerId: ALICE, place: 1, won: false }]);
    const againstComputers = playOut({ seed: 4, humans: [ALICE], computers: ['easy'] });
    expect(recordGame(againstComputers).map((record) => record.won)).toEqual([false]);
    const pair = recordGame(playOut({ seed: 5, humans: [ALICE, BOB] }));
    expect(pair.filter((record) => record.won).map((record) => record.place)).toEqual(
      pair.filter((record) => record.place === 1).map(() => 1),
    );
    expect(pair.some((record) => record.won)).toBe(true);
  });

  it('keeps a player who left, with the rows they forfeited as zeros', () => {
    const state = playOut({ seed: 6, humans: [ALICE, BOB], leaves: { playerId: BOB, round: 4 } });
    const bob = recordGame(state).find((record) => record.playerId === BOB);
    expect(bob?.left).toBe(true);
    expect(bob?.zeros).toBeGreaterThanOrEqual(13 - 3);
  });

  it('refuses a game that is not finished', () => {
    expect(() => recordGame(newGameState({ seed: 1, humans: [ALICE] }))).toThrow(RangeError);
  });
});
