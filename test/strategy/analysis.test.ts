import { describe, expect, it } from 'vitest';
import {
  type Action,
  applyAction,
  type CategoryId,
  createGame,
  DEFAULT_RULES,
  type Dice,
  type GameState,
  type Keep,
  type RandomInt,
  type Rules,
  seededRandom,
} from '../../src/game/index.js';
import {
  analyseGame,
  COSTLY_LOSS,
  chooseComputerAction,
  expectedRemaining,
  optimalExpectedTotal,
  rankKeeps,
  rankRows,
} from '../../src/strategy/index.js';
import { playGame } from './simulate.js';

/** Real dice for the engine that show the given faces first, then seeded ones. */
function scriptedDice(faces: number[], seed: number): RandomInt {
  const rest = seededRandom(seed);
  return (maxExclusive) => {
    const face = faces.shift();
    return face === undefined ? rest(maxExclusive) : face - 1;
  };
}

function play(state: GameState, action: Action, random: RandomInt): GameState {
  const result = applyAction(state, action, random);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.state;
}

function playOptimallyToTheEnd(state: GameState, random: RandomInt): GameState {
  let current = state;
  while (current.status === 'playing') current = play(current, chooseComputerAction(current, 'optimal'), random);
  return current;
}

/** Luck summed roll by roll through the public queries: value after each roll − value expected before it. */
function luckRollByRoll(state: GameState, playerId: string): number {
  const rules: Rules = state.rules;
  const value = (used: CategoryId[], dice: Dice, rerollsLeft: number) =>
    rerollsLeft > 0 ? rankKeeps(rules, used, dice, rerollsLeft)[0]!.expected : rankRows(rules, used, dice)[0]!.expected;
  const label = (dice: Dice, keep: Keep) => {
    const kept = dice.filter((_, i) => keep[i]).sort((a, b) => b - a);
    return kept.length === 0 ? 'nothing' : kept.join('-');
  };
  const used: CategoryId[] = [];
  let luck = 0;
  for (const record of state.history.filter((turn) => turn.playerId === playerId)) {
    luck += value(used, record.rolls[0]!, rules.rerolls) - expectedRemaining(rules, used);
    record.keeps.forEach((keep, i) => {
      const before = record.rolls[i]!;
      const kept = rankKeeps(rules, used, before, rules.rerolls - i).find((k) => k.label === label(before, keep))!;
      luck += value(used, record.rolls[i + 1]!, rules.rerolls - i - 1) - kept.expected;
    });
    used.push(record.category);
  }
  return luck;
}

describe('post-game analysis', () => {
  it('names a bad row and a bad keep, and finds no fault with optimal play', () => {
    const random = scriptedDice([6, 6, 1, 6, 6, 2, 3], 5);
    let state = play(createGame('ann', DEFAULT_RULES), { type: 'start', playerId: 'ann' }, random);
    // Round 1: a Crag (50) scored in Ones for 1, standing although a reroll was left.
    state = play(state, { type: 'score', playerId: 'ann', category: 'ones' }, random);
    // Round 2: 6-6-2, keeps only the 2 (the solver keeps 6-6), rerolls, then scores Twos.
    state = play(state, { type: 'reroll', playerId: 'ann', keep: [false, false, true] }, random);
    const round2 = state.turn!.rolls[1]!;
    state = play(state, { type: 'score', playerId: 'ann', category: 'twos' }, random);
    state = playOptimallyToTheEnd(state, random);

    const [ann] = analyseGame(state);
    expect(ann?.playerId).toBe('ann');
    const decisions = ann!.decisions;
    // Rounds 1 and 2 have two decisions each (keep or stand, then the row).
    const [stood, ones, keptTwo, twos] = decisions;
    expect(stood).toMatchObject({
      round: 1,
      kind: 'keep',
      chosen: { stands: true },
      best: { stands: true },
      rerollsLeft: 1,
    });
    expect(stood!.loss).toBeCloseTo(0, 9);
    expect(ones).toMatchObject({
      round: 1,
      kind: 'row',
      chosen: { category: 'ones', points: 1 },
      best: { category: 'crag', points: 50 },
    });
    const rowsNow = rankRows(DEFAULT_RULES, [], [6, 6, 1]);
    expect(ones!.loss).toBeCloseTo(rowsNow[0]!.expected - rowsNow.find((r) => r.category === 'ones')!.expected, 9);
    expect(ones!.loss).toBeGreaterThanOrEqual(COSTLY_LOSS);

    const keepsNow = rankKeeps(DEFAULT_RULES, ['ones'], [6, 6, 2], 1);
    expect(keptTwo).toMatchObject({
      round: 2,
      kind: 'keep',
      chosen: { kept: [2], stands: false },
      best: { kept: [6, 6], stands: false },
    });
    expect(keepsNow[0]!.kept).toEqual([6, 6]);
    expect(keptTwo!.loss).toBeCloseTo(keepsNow[0]!.expected - keepsNow.find((k) => k.label === '2')!.expected, 9);
    expect(keptTwo!.loss).toBeGreaterThan(1);
    expect(twos).toMatchObject({ round: 2, kind: 'row', chosen: { category: 'twos' }, dice: round2 });

    // Rounds 3 to 13 were played by the solver: nothing lost there.
    const later = decisions.filter((decision) => decision.round > 2);
    expect(later.length).toBeGreaterThanOrEqual(11);
    for (const decision of later) expect(decision.loss).toBeLessThan(1e-9);
    expect(ann!.skillLoss).toBeCloseTo(
      decisions.reduce((sum, d) => sum + d.loss, 0),
      9,
    );
    expect(ann!.skillLoss).toBeGreaterThan(ones!.loss);
  });

  it('splits every total into optimal expectation, skill, and luck that the rolls account for', () => {
    for (const [seed, levels] of [
      [1, ['easy', 'optimal']],
      [2, ['optimal', 'easy', 'strong']],
      [3, ['easy']],
    ] as const) {
      for (const rules of [DEFAULT_RULES, { rerolls: 2, thirteen: 'no-pair' } as const]) {
        const state = playGame(rules, levels, seededRandom(seed));
        const analyses = analyseGame(state);
        expect(analyses.map((a) => a.playerId)).toEqual(state.seats.map((s) => s.playerId));
        analyses.forEach((analysis, seat) => {
          expect(analysis.optimalExpected).toBe(optimalExpectedTotal(rules));
          expect(analysis.stillOpen).toBe(0);
          expect(analysis.forfeited).toBe(0);
          expect(analysis.luck).toBeCloseTo(luckRollByRoll(state, analysis.playerId), 6);
          expect(analysis.total).toBeCloseTo(analysis.optimalExpected - analysis.skillLoss + analysis.luck, 6);
          // Every turn has one row decision and one keep decision per roll that could be rerolled.
          const rows = analysis.decisions.filter((d) => d.kind === 'row');
          expect(rows).toHaveLength(13);
          for (const decision of analysis.decisions) expect(decision.loss).toBeGreaterThanOrEqual(0);
          if (levels[seat] === 'optimal') expect(analysis.skillLoss).toBeLessThan(1e-6);
          if (levels[seat] === 'easy') expect(analysis.skillLoss).toBeGreaterThan(5);
        });
      }
    }
  });

  it('counts rows forfeited by leaving apart from skill and luck', () => {
    const random = seededRandom(9);
    let state = play(createGame('ann', DEFAULT_RULES), { type: 'join', playerId: 'bob' }, random);
    state = play(state, { type: 'start', playerId: 'ann' }, random);
    while (state.round <= 3) state = play(state, chooseComputerAction(state, 'easy'), random);
    state = play(state, { type: 'leave', playerId: 'bob' }, random);
    state = playOptimallyToTheEnd(state, random);
    expect(state.status).toBe('finished');

    const bob = analyseGame(state).find((analysis) => analysis.playerId === 'bob')!;
    const bobRows = state.history.filter((turn) => turn.playerId === 'bob').map((turn) => turn.category);
    expect(bobRows).toHaveLength(3);
    expect(bob.forfeited).toBeCloseTo(expectedRemaining(DEFAULT_RULES, bobRows), 9);
    expect(bob.stillOpen).toBe(0);
    expect(bob.luck).toBeCloseTo(luckRollByRoll(state, 'bob'), 6);
    expect(bob.total).toBeCloseTo(bob.optimalExpected - bob.skillLoss - bob.forfeited + bob.luck, 6);
  });

  it('reviews a game still under way, counting the open rows at their expectation', () => {
    const random = seededRandom(4);
    let state = play(createGame('ann', DEFAULT_RULES), { type: 'start', playerId: 'ann' }, random);
    while (state.round <= 5) state = play(state, chooseComputerAction(state, 'easy'), random);
    const [ann] = analyseGame(state);
    const used = state.history.map((turn) => turn.category);
    expect(ann!.stillOpen).toBeCloseTo(expectedRemaining(DEFAULT_RULES, used), 9);
    expect(ann!.luck).toBeCloseTo(luckRollByRoll(state, 'ann'), 6);
    expect(ann!.total + ann!.stillOpen).toBeCloseTo(ann!.optimalExpected - ann!.skillLoss + ann!.luck, 6);
  });

  it('marks turns the clock ended, standing on the roll with rerolls left', () => {
    const random = scriptedDice([1, 2, 4], 6);
    let state = play(createGame('ann', { rerolls: 2, thirteen: 'any' }), { type: 'start', playerId: 'ann' }, random);
    state = play(state, { type: 'time-out' }, random);
    const [stood, row] = analyseGame(state)[0]!.decisions;
    expect(stood).toMatchObject({
      kind: 'keep',
      chosen: { stands: true },
      rerollsLeft: 2,
      timedOut: true,
      dice: [1, 2, 4],
    });
    expect(stood!.loss).toBeGreaterThan(0);
    expect(row).toMatchObject({ kind: 'row', chosen: { category: 'fours', points: 4 }, timedOut: true });
  });
});
