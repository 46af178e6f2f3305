import { ALL_RULE_SETS, seededRandom, type ComputerLevel } from './src/game/index.js';
import { playGame, finalTotals } from './test/strategy/simulate.js';
const rules = ALL_RULE_SETS[Number(process.argv[2] ?? 0)]!;
const N = Number(process.argv[3] ?? 2000);
const players = Number(process.argv[4] ?? 4);
const random = seededRandom(Number(process.argv[5] ?? 7));
const t = performance.now();
let strongWins = 0, optimalWins = 0;
for (let i = 0; i < N; i++) {
  const seat = i % players;
  const levels: ComputerLevel[] = Array.from({length: players}, (_, s) => s === seat ? 'strong' : 'optimal');
  const totals = finalTotals(playGame(rules, levels, random));
  const best = Math.max(...totals);
  if (totals[seat] === best) strongWins++;
  // one fixed optimal seat as the control
  const control = (seat + 1) % players;
  if (totals[control] === best) optimalWins++;
}
console.log(`players ${players} strong first ${strongWins}/${N} = ${(strongWins/N).toFixed(4)}; control optimal ${optimalWins}/${N} = ${(optimalWins/N).toFixed(4)}`, (performance.now()-t).toFixed(0), 'ms');
