import type { BotContext } from '../src/bot/context.js';
import { type Refusal, refused } from '../src/bot/outcome.js';
import { type PeriodLabel, periodLabel } from '../src/bot/render/index.js';
import { PERIODS, type Period, periodKey } from '../src/stats/periods.js';
import { choicesOf } from './choices.js';
import type { CommandOptions, OptionSpecs } from './define.js';

/** The highest season number the options take; far beyond any server's. */
const MAX_SEASON = 10_000;

/** `period` and `season`, shared by the leaderboard and the statistics. */
export const PERIOD_OPTIONS = {
  period: {
    kind: 'string',
    nameKey: 'command.period.name',
    descriptionKey: 'command.period.description',
    choices: choicesOf(PERIODS, {
      all: 'command.period.all',
      season: 'command.period.season',
      month: 'command.period.month',
      week: 'command.period.week',
    }),
    invalid: 'refusal.period-options',
  },
  season: {
    kind: 'integer',
    nameKey: 'command.season-number.name',
    descriptionKey: 'command.season-number.description',
    min: 1,
    max: MAX_SEASON,
  },
} as const satisfies OptionSpecs;

/** The period a command's `period` and `season` options choose: its label, and the key its aggregates are kept under. */
export interface ChosenPeriod {
  readonly label: PeriodLabel;
  readonly key: string;
}

/**
 * Reads `period` and `season`: a season number means that season (earlier ones included); `season`
 * alone the current one; `month` and `week` the current UTC month and ISO week. Refuses a season
 * number beside another period, and a season the server has not reached.
 */
export async function chosenPeriod(
  ctx: BotContext,
  guildId: string,
  { period: named, season: number }: CommandOptions<typeof PERIOD_OPTIONS>,
  fallback: Period,
): Promise<ChosenPeriod | Refusal> {
  if (number !== null && named !== null && named !== 'season') return refused('refusal.period-options');
  const period: Period = number === null ? (named ?? fallback) : 'season';
  let season = 1;
  if (period === 'season') {
    const current = (await ctx.store.currentSeason(guildId)).number;
    if (number !== null && (number < 1 || number > current)) {
      return refused('refusal.no-such-season', { season: number, current });
    }
    season = number ?? current;
  }
  const now = ctx.now();
  return { label: periodLabel(period, now, season), key: periodKey(period, now, season) };
}
