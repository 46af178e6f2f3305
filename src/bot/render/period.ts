import { message, type Translatable, type Translator } from '../../i18n/index.js';
import { monthKey, type Period, weekKey } from '../../stats/periods.js';

/** A period as people read it: all time, a season by number, a UTC month or an ISO week. */
export type PeriodLabel =
  | { readonly period: 'all' }
  | { readonly period: 'season'; readonly season: number }
  | { readonly period: 'month'; readonly month: string }
  | { readonly period: 'week'; readonly year: string; readonly week: number };

/** The label of `period` as of `time`, in `season`. */
export function periodLabel(period: Period, time: number, season: number): PeriodLabel {
  switch (period) {
    case 'all':
      return { period };
    case 'season':
      return { period, season };
    case 'month':
      return { period, month: monthKey(time) };
    case 'week':
      return weekLabel(weekKey(time));
  }
}

/** `2026-W49` as a label: the ISO year and the week's number. */
function weekLabel(key: string): PeriodLabel {
  return { period: 'week', year: key.slice(0, 4), week: Number(key.slice(6)) };
}

/** The label of an aggregate's period key (see periodKey); undefined for anything periodKey does not write. */
export function periodLabelOfKey(key: string): PeriodLabel | undefined {
  if (key === 'all') return { period: 'all' };
  const match = /^(?:season:([1-9]\d{0,5})|month:(\d{4}-\d{2})|week:(\d{4}-W\d{2}))$/.exec(key);
  if (match?.[1]) return { period: 'season', season: Number(match[1]) };
  if (match?.[2]) return { period: 'month', month: match[2] };
  if (match?.[3]) return weekLabel(match[3]);
  return undefined;
}

/** A period in words, as a message to be put in the reader's language. */
export function periodMessage(label: PeriodLabel): Translatable {
  switch (label.period) {
    case 'all':
      return message('period.all');
    case 'season':
      return message('period.season', { season: label.season });
    case 'month':
      return message('period.month', { month: label.month });
    case 'week':
      return message('period.week', { week: label.week, year: label.year });
  }
}

export function periodText(label: PeriodLabel, tr: Translator): string {
  return tr.render(periodMessage(label));
}
