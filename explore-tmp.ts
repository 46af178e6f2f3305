import { ALL_RULE_SETS, seededRandom } from './src/game/index.js';
import { playGame, finalTotals, mean, standardError } from './test/strategy/simulate.js';
import { optimalExpectedTotal } from './src/strategy/index.js';
const rules = ALL_RULE_SETS[Number(process.argv[2] ?? 0)]!;
const N = Number(process.argv[3] ?? 2000);
let t = performance.now();
const random = seededRandom(1);
const totals: number[] = [];
for (let i = 0; i < N; i++) totals.push(finalTotals(playGame(rules, ['optimal'], random))[0]!);
console.log('solo optimal', mean(totals).toFixed(3), '±', standardError(totals).toFixed(3), 'expected', optimalExpectedTotal(rules).toFixed(3), (performance.now()-t).toFixed(0),'ms');
t = performance.now();
const e: number[] = [];
for (let i = 0; i < N/4; i++) e.push(finalTotals(playGame(rules, ['easy'], random))[0]!);
console.log('solo easy', mean(e).toFixed(3), (performance.now()-t).toFixed(0),'ms');
t = performance.now();
let sw=0, ow=0, ties=0;
for (let i = 0; i < N; i++) {
  const strongFirst = i % 2 === 0;
  const st = playGame(rules, strongFirst ? ['strong','optimal'] : ['optimal','strong'], random);
  const [a,b] = finalTotals(st) as [number,number];
  const s = strongFirst ? a : b, o = strongFirst ? b : a;
  if (s > o) sw++; else if (o > s) ow++; else ties++;
}
console.log('strong', sw, 'optimal', ow, 'ties', ties, (performance.now()-t).toFixed(0),'ms');
