import { summarize, timeEachSync } from '../harness/kit/figures.js';
import { CATEGORIES, type CategoryId, DEFAULT_RULES, type GameState, seededRandom } from '../src/game/index.js';
import { ROW_NAME } from '../src/i18n/game-terms.js';
import { loadLanguages } from '../src/i18n/index.js';
import { drawScoreCard, type ScoreCardModel, scoreCardModel } from '../src/score-card/index.js';
import { chooseComputerAction } from '../src/strategy/index.js';
import { must, startedGame } from './simulate.js';

const WARMUP_CARDS = 50;
const TIMED_CARDS = 400;

/** A whole game between `players` seats, each played by the optimal computer, with long names. */
function finishedGame(players: number, seed: number): GameState {
  const random = seededRandom(seed);
  let state = startedGame(
    Array.from({ length: players }, (_, i) => `p${i}`),
    DEFAULT_RULES,
    random,
  );
  while (state.status === 'playing') state = must(state, chooseComputerAction(state, 'optimal'), random);
  return state;
}

function cardModel(players: number): ScoreCardModel {
  const names = ['Алексей Смирнов', 'Bob the Magnificent', 'Zoë Üllendorf', 'Dmitri', 'Eve 🎲 of the Night Shift'];
  const english = loadLanguages().english;
  const rowLabels = Object.fromEntries(CATEGORIES.map((c) => [c.id, english.t(ROW_NAME[c.id])])) as Record<
    CategoryId,
    string
  >;
  return scoreCardModel(finishedGame(players, 7), (id) => names[Number(id.slice(1))] ?? id, {
    title: 'Crag: final sheet',
    subtitle: 'One reroll · Thirteen: any total',
    rowLabels,
    labels: { total: 'Total', place: 'Place', crag: 'Crag (50)', zero: 'Scored 0', computer: 'Computer', left: 'Left' },
    locale: 'en-GB',
  });
}

/**
 * The score card's cost per card (model to PNG bytes), for 2 and 5 players, after a warm-up: p50
 * and p99 over many cards drawn one after another. The first card of the process, which registers
 * the font, is reported on its own; and the mean CPU time per card. Called by `npm run bench`;
 * not part of `npm test`.
 */
export function benchScoreCard(): Record<string, number> {
  const results: Record<string, number> = {};
  const models = new Map([2, 5].map((players) => [players, cardModel(players)]));
  results['score_card.first_card_ms'] = timeEachSync(1, () => drawScoreCard(models.get(2)!))[0]!;
  for (const [players, model] of models) {
    let bytes = 0;
    for (let i = 0; i < WARMUP_CARDS; i += 1) drawScoreCard(model);
    const cpuBefore = process.cpuUsage();
    const times = summarize(
      timeEachSync(TIMED_CARDS, () => {
        bytes = drawScoreCard(model).length;
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    results[`score_card.p50_ms.${players}_players`] = times.p50;
    results[`score_card.p99_ms.${players}_players`] = times.p99;
    // CPU time is what a card costs even on a busy machine, where the wall-clock figures also
    // count the time spent waiting for a core.
    results[`score_card.cpu_ms_mean.${players}_players`] = (cpu.user + cpu.system) / 1000 / TIMED_CARDS;
    results[`score_card.png_kb.${players}_players`] = bytes / 1024;
  }
  return results;
}
