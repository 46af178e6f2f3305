import { ALL_RULE_SETS, seededRandom } from './src/game/index.js';
import { playGame } from './test/strategy/simulate.js';
const rules = ALL_RULE_SETS[0]!;
const random = seededRandom(1);
let t = performance.now();
for (let i = 0; i < 3000; i++) playGame(rules, ['optimal'], random);
console.log((performance.now()-t).toFixed(0));
