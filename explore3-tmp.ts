import { ALL_RULE_SETS, seededRandom } from './src/game/index.js';
import { playGame, finalTotals } from './test/strategy/simulate.js';
const rules = ALL_RULE_SETS[Number(process.argv[2] ?? 0)]!;
const N = Number(process.argv[3] ?? 2000);
const random = seededRandom(Number(process.argv[4] ?? 3));
const t = performance.now();
let sw=0, ow=0, ties=0;
for (let i = 0; i < N; i++) {
  const strongFirst = i % 2 === 0;
  const st = playGame(rules, strongFirst ? ['strong','optimal'] : ['optimal','strong'], random);
  const [a,b] = finalTotals(st) as [number,number];
  const s = strongFirst ? a : b, o = strongFirst ? b : a;
  if (s > o) sw++; else if (o > s) ow++; else ties++;
}
console.log('rules', process.argv[2], 'strong', sw, 'optimal', ow, 'ties', ties, 'edge', ((sw-ow)/N*100).toFixed(2)+'%', '±', (100/Math.sqrt(N)).toFixed(2), (performance.now()-t).toFixed(0),'ms');
