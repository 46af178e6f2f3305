import { median, timeEachSync } from '../harness/kit/figures.js';
import {
  ALL_RULE_SETS,
  CATEGORY_IDS,
  DEFAULT_RULES,
  type Dice,
  ROW_COUNT,
  type Rules,
  rollDice,
  scoreRoll,
  seededRandom,
} from '../src/game/index.js';
import { Solver, solverFor } from '../src/strategy/index.js';
import { ENDGAME_ROWS, strongDecision } from '../src/strategy/strong.js';

const ALL_USED = (1 << CATEGORY_IDS.length) - 1;

function ruleKey(rules: Rules): string {
  return `${rules.rerolls}-reroll-${rules.thirteen}`;
}

/** Microseconds per call of `run` over `count` calls. */
function microsPerCall(count: number, run: (i: number) => void): number {
  const start = performance.now();
  for (let i = 0; i < count; i += 1) run(i);
  return ((performance.now() - start) * 1000) / count;
}

/** Random positions with at least one open row: used rows, dice, rerolls left. */
function positions(count: number, rules: Rules, openAtMost = ROW_COUNT) {
  const random = seededRandom(42);
  return Array.from({ length: count }, () => {
    let mask = random(ALL_USED);
    while (CATEGORY_IDS.length - popCount(mask) > openAtMost) mask |= 1 << random(CATEGORY_IDS.length);
    return { mask, dice: rollDice(random) as Dice, rerollsLeft: random(rules.rerolls + 1) };
  });
}

function popCount(mask: number): number {
  let count = 0;
  for (let bits = mask; bits; bits &= bits - 1) count += 1;
  return count;
}

/**
 * The solver's costs: table build per rule set (cold: the first build in this process, then the
 * median of rebuilds), hint latency, scoring throughput, table memory, and the strong player's
 * endgame decision. Called by the lead's `npm run bench`; not part of `npm test`.
 */
export async function benchStrategy(): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  let start = 0;
  for (const rules of ALL_RULE_SETS) {
    start = performance.now();
    new Solver(rules);
    results[`strategy.build_cold_ms.${ruleKey(rules)}`] = performance.now() - start;
    results[`strategy.build_warm_ms.${ruleKey(rules)}`] = median(timeEachSync(5, () => new Solver(rules)));
  }

  const solver = solverFor(DEFAULT_RULES);
  results['strategy.table_bytes'] = solver.tableBytes();
  const sample = positions(20_000, DEFAULT_RULES);
  results['strategy.rank_keeps_us'] = microsPerCall(sample.length, (i) => {
    const { mask, dice } = sample[i]!;
    solver.rankKeeps(mask, dice, 1);
  });
  results['strategy.rank_rows_us'] = microsPerCall(sample.length, (i) => {
    const { mask, dice } = sample[i]!;
    solver.rankRows(mask, dice);
  });
  results['strategy.best_action_us'] = microsPerCall(sample.length, (i) => {
    const { mask, dice, rerollsLeft } = sample[i]!;
    solver.bestAction(mask, dice, rerollsLeft);
  });

  const random = seededRandom(7);
  const rolls = Array.from({ length: 1000 }, () => rollDice(random));
  const calls = 1_000_000;
  start = performance.now();
  let checksum = 0;
  for (let i = 0; i < calls; i += 1)
    checksum += scoreRoll(rolls[i % rolls.length]!, CATEGORY_IDS[i % ROW_COUNT]!, DEFAULT_RULES);
  results['strategy.score_roll_per_second'] = calls / ((performance.now() - start) / 1000);
  if (checksum < 0) throw new Error('unreachable: keeps the scoring loop from being optimised away');

  // The strong player's endgame decisions, with a fresh plan for each (one per turn in play).
  const endgame = positions(200, DEFAULT_RULES, ENDGAME_ROWS);
  results['strategy.strong_endgame_decision_us'] = microsPerCall(endgame.length, (i) => {
    const { mask, dice, rerollsLeft } = endgame[i]!;
    const rival = { mask: mask & ~(1 << (i % ROW_COUNT)), total: 120 + (i % 40) };
    strongDecision(solver, { mask, total: 125 }, [rival], dice, rerollsLeft);
  });
  return results;
}
