import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  CATEGORY_IDS,
  createDailyGame,
  type DailyDeal,
  type Dice,
  dayOf,
  dealRandom,
  type GameState,
  type Keep,
  keyedDie,
} from '../../src/game/index.js';

const SECRET = Buffer.alloc(32, 7);
const DEAL: DailyDeal = { secret: SECRET, day: 20_500 };

function act(state: GameState, action: Action, deal: DailyDeal = DEAL): GameState {
  const result = applyAction(state, action, dealRandom(deal, state, action));
  if (!result.ok) throw new Error(result.code);
  return result.state;
}

/** Plays a whole daily game: in each turn, the keep `keeps(turn)` (or none: stand), then the first open row. */
function play(playerId: string, keeps: (turn: number) => Keep | undefined, deal: DailyDeal = DEAL): GameState {
  let state = act(createDailyGame(playerId, deal.day), { type: 'start', playerId }, deal);
  while (state.status === 'playing') {
    const keep = keeps(state.round);
    if (keep && !keep.every(Boolean)) state = act(state, { type: 'reroll', playerId, keep }, deal);
    const open = Object.keys(state.sheets[playerId] ?? {});
    const row = CATEGORY_IDS.find((id) => !open.includes(id))!;
    state = act(state, { type: 'score', playerId, category: row }, deal);
  }
  return state;
}

const rollsOf = (state: GameState) => state.history.map((turn) => turn.rolls);

describe('the keyed dice stream', () => {
  it('gives every face 1/6 of the time (chi-square over 60,000 keyed dice)', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i += 1) counts[keyedDie(SECRET, i, 1 + (i % 13), i % 2, i % 3) - 1]! += 1;
    const chi = counts.reduce((sum, observed) => sum + (observed - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(30);
  });

  it('depends on the day, turn, roll and slot only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 13 }), (day, turn) => {
        expect(keyedDie(SECRET, day, turn, 0, 1)).toBe(keyedDie(Buffer.from(SECRET), day, turn, 0, 1));
      }),
    );
    const faces = new Set<string>();
    for (let day = 0; day < 20; day += 1)
      faces.add([0, 1, 2].map((slot) => keyedDie(SECRET, day, 1, 0, slot)).join(''));
    expect(faces.size).toBeGreaterThan(10);
  });

  it('another secret gives other dice', () => {
    const other: DailyDeal = { secret: Buffer.alloc(32, 8), day: DEAL.day };
    const ours = rollsOf(play('a', () => undefined));
    const theirs = rollsOf(play('a', () => undefined, other));
    expect(theirs).not.toEqual(ours);
  });

  it('the same day gives the same dice for the same keeps, whoever plays', () => {
    const keepFirst: Keep = [true, false, false];
    const a = play('111111111111111111', () => keepFirst);
    const b = play('222222222222222222', () => keepFirst);
    expect(rollsOf(a)).toEqual(rollsOf(b));
  });

  it('a turn opens with the same dice whatever was kept in other turns (any order of play)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()), { minLength: 13, maxLength: 13 }),
        (keeps) => {
          const mixed = play('a', (turn) => keeps[turn - 1] as Keep);
          const standing = play('b', () => undefined);
          mixed.history.forEach((turn, index) => {
            expect(turn.rolls[0]).toEqual(standing.history[index]!.rolls[0]);
          });
        },
      ),
      { numRuns: 20 },
    );
  });

  it("kept dice never change, and a rerolled die shows its slot's keyed face", () => {
    const keep: Keep = [false, true, false];
    const state = play('a', () => keep);
    for (const turn of state.history) {
      const [first, second] = turn.rolls as [Dice, Dice];
      expect(second[1]).toBe(first[1]);
      expect(second[0]).toBe(keyedDie(SECRET, DEAL.day, turn.round, 1, 0));
      expect(second[2]).toBe(keyedDie(SECRET, DEAL.day, turn.round, 1, 2));
      expect(first).toEqual([0, 1, 2].map((slot) => keyedDie(SECRET, DEAL.day, turn.round, 0, slot)));
    }
  });

  it('refuses to roll more dice than the action does', () => {
    const state = createDailyGame('a', DEAL.day);
    const random = dealRandom(DEAL, state, { type: 'join', playerId: 'b' });
    expect(() => random(6)).toThrow(RangeError);
  });

  it('the day flips at midnight UTC', () => {
    const midnight = Date.UTC(2026, 11, 2);
    expect(dayOf(midnight - 1)).toBe(dayOf(midnight) - 1);
    expect(dayOf(midnight)).toBe(dayOf(midnight + 86_399_999));
  });
});
