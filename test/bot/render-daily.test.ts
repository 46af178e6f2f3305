import { describe, expect, it } from 'vitest';
import { allComponents, texts } from '../../harness/board.js';
import { decodeComponentId } from '../../src/bot/custom-id.js';
import { dailyShareLine, renderDailyResult, renderHistory } from '../../src/bot/render/index.js';
import { dailyNumber } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { dailyOutcome } from '../../src/stats/daily-result.js';
import { OPTIMUM_PLAYER_ID, playOptimum } from '../../src/strategy/index.js';

const tr = loadLanguages().translator('en-US');
const DAY = 20_790;
const game = playOptimum({ secret: Buffer.alloc(32, 9), day: DAY });
const outcome = dailyOutcome(game.state, OPTIMUM_PLAYER_ID);
const view = {
  gameId: 12,
  version: 41,
  day: DAY,
  outcome,
  optimum: game.total,
  place: 1,
  serverFinished: 3,
  worldFinished: 10,
  worldBetter: 0,
  percentile: 100,
  streak: 2,
};

describe('the daily messages', () => {
  it('end with the total against the optimum, and a Share button for this game', () => {
    const card = renderDailyResult(view, tr);
    expect(texts(card).join('\n')).toContain(`You scored **${outcome.total}**`);
    const ids = allComponents(card).flatMap((component) => (component.custom_id ? [component.custom_id] : []));
    expect(ids.map(decodeComponentId)).toEqual([{ gameId: 12, version: 41, action: { kind: 'share' } }]);
  });

  it('share one line: the day, the total, the optimum, the streak and 13 squares', () => {
    const line = dailyShareLine(view, tr);
    expect(line).toBe(
      `Daily Crag #${dailyNumber(DAY)} · ${outcome.total} (optimum ${game.total}) · streak 2 · ${'🟩'.repeat(13)}`,
    );
  });

  it('name a daily deal by its day in the server history, not by its table id', () => {
    const card = renderHistory(
      {
        scope: 'server',
        games: [
          {
            id: 12,
            guildId: '900000000000000001',
            channelId: `daily-${DAY}-${OPTIMUM_PLAYER_ID}`,
            seriesId: 1,
            seriesGameNumber: 1,
            boardMessageId: null,
            finishedAt: DAY * 86_400_000,
            state: game.state,
            results: [],
          },
        ],
      },
      tr,
    );
    const body = texts(card).join('\n');
    expect(body).toContain(`Daily Crag #${dailyNumber(DAY)}`);
    expect(body).not.toContain('<#daily-');
  });
});
