import { ALL_RULE_SETS } from './src/game/index.js';
import { playGame, finalTotals, dicePerRoll } from './test/strategy/simulate.js';
const rules = ALL_RULE_SETS[Number(process.argv[2] ?? 0)]!;
const N = Number(process.argv[3] ?? 2000);
const t = performance.now();
let raw = 0, base = 0; const diffs: number[] = [];
const score = (a: number, b: number) => Math.sign(a - b);
for (let i = 0; i < N; i++) {
  const strongSeat = i % 2;
  const levels = strongSeat === 0 ? ['strong','optimal'] as const : ['optimal','strong'] as const;
  const A = finalTotals(playGame(rules, levels, dicePerRoll(i + 1)));
  const B = finalTotals(playGame(rules, ['optimal','optimal'], dicePerRoll(i + 1)));
  const a = score(A[strongSeat]!, A[1-strongSeat]!), b = score(B[strongSeat]!, B[1-strongSeat]!);
  raw += a; base += b; diffs.push(a - b);
}
const m = diffs.reduce((x,y)=>x+y,0)/N; const sd = Math.sqrt(diffs.reduce((x,y)=>x+(y-m)**2,0)/(N-1));
console.log('rules', process.argv[2], 'raw (wins-losses)', raw, 'baseline', base, 'paired mean', (m*100).toFixed(2)+'%', '± se', (sd/Math.sqrt(N)*100).toFixed(2)+'%', 'nonzero', diffs.filter(d=>d!==0).length, (performance.now()-t).toFixed(0), 'ms');
