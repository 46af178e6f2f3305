import { PERIODS, type Period, periodKey } from '../../stats/periods.js';
import type { BotContext } from '../context.js';
import { type Refusal, refused } from '../outcome.js';
import { type PeriodLabel, periodLabel } from '../render/index.js';
import type { CommandOptions } from './options.js';

/** The period a command's `period` and `season` options choose: its label, and the key its aggregates are kept under. */
export interface ChosenPeriod {
  readonly label: PeriodLabel;
  readonly key: string;
}

/**
 * Reads `period` and `season`: a season number means that season (earlier ones included); `season`
 * alone the current one; `month` and `week` the current UTC month and ISO week. Refuses a period
 * that is not one, a season number beside another period, and a season the server has not reached.
 */
export async function chosenPeriod(
  ctx: BotContext,
  guildId: string,
  { period: named, season: number }: CommandOptions<'leaderboard' | 'stats'>,
  fallback: Period,
): Promise<ChosenPeriod | Refusal> {
  if (named !== null && !isPeriod(named)) return refused('refusal.period-options');
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

function isPeriod(value: string): value is Period {
  return (PERIODS as readonly string[]).includes(value);
}
