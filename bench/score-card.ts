import {
  applyAction,
  CATEGORIES,
  type CategoryId,
  createGame,
  DEFAULT_RULES,
  type GameState,
  seededRandom,
} from '../src/game/index.js';
import { ROW_NAME } from '../src/i18n/game-terms.js';
import { loadLanguages } from '../src/i18n/index.js';
import { drawScoreCard, type ScoreCardModel, scoreCardModel } from '../src/score-card/index.js';
import { chooseComputerAction } from '../src/strategy/index.js';

const WARMUP_CARDS = 50;
const TIMED_CARDS = 400;

/** A whole game between `players` seats, each played by the optimal computer, with long names. */
function finishedGame(players: number, seed: number): GameState {
  const random = seededRandom(seed);
  const act = (state: GameState, action: Parameters<typeof applyAction>[1]): GameState => {
    const result = applyAction(state, action, random);
    if (!result.ok) throw new Error(`bench game: ${JSON.stringify(action)} refused: ${result.code}`);
    return result.state;
  };
  let state = createGame('p0', DEFAULT_RULES);
  for (let i = 1; i < players; i += 1) state = act(state, { type: 'join', playerId: `p${i}` });
  state = act(state, { type: 'start', playerId: 'p0' });
  while (state.status === 'playing') state = act(state, chooseComputerAction(state, 'optimal'));
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

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
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
  let start = performance.now();
  drawScoreCard(models.get(2)!);
  results['score_card.first_card_ms'] = performance.now() - start;
  for (const [players, model] of models) {
    for (let i = 0; i < WARMUP_CARDS; i += 1) drawScoreCard(model);
    const times: number[] = [];
    let bytes = 0;
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < TIMED_CARDS; i += 1) {
      start = performance.now();
      bytes = drawScoreCard(model).length;
      times.push(performance.now() - start);
    }
    const cpu = process.cpuUsage(cpuBefore);
    times.sort((a, b) => a - b);
    results[`score_card.p50_ms.${players}_players`] = percentile(times, 0.5);
    results[`score_card.p99_ms.${players}_players`] = percentile(times, 0.99);
    // CPU time is what a card costs even on a busy machine, where the wall-clock figures also
    // count the time spent waiting for a core.
    results[`score_card.cpu_ms_mean.${players}_players`] = (cpu.user + cpu.system) / 1000 / TIMED_CARDS;
    results[`score_card.png_kb.${players}_players`] = bytes / 1024;
  }
  return results;
}
