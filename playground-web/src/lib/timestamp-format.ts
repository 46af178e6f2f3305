/** The styles of Discord's `<t:seconds:style>`; `f` when none is given. */
export type TimestampStyle = 't' | 'T' | 'd' | 'D' | 'f' | 'F' | 'R';

export const DEFAULT_TIMESTAMP_STYLE: TimestampStyle = 'f';

const ABSOLUTE: Readonly<Record<Exclude<TimestampStyle, 'R'>, Intl.DateTimeFormatOptions>> = {
  t: { hour: 'numeric', minute: '2-digit' },
  T: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  d: { year: 'numeric', month: '2-digit', day: '2-digit' },
  D: { dateStyle: 'long' },
  f: { dateStyle: 'long', timeStyle: 'short' },
  F: { dateStyle: 'full', timeStyle: 'short' },
};

/** Unit steps for relative times, each used while the distance stays below `below` seconds. */
const RELATIVE_UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number; below: number }[] = [
  { unit: 'second', seconds: 1, below: 60 },
  { unit: 'minute', seconds: 60, below: 3_600 },
  { unit: 'hour', seconds: 3_600, below: 86_400 },
  { unit: 'day', seconds: 86_400, below: 2_592_000 },
  { unit: 'month', seconds: 2_592_000, below: 31_536_000 },
  { unit: 'year', seconds: 31_536_000, below: Number.POSITIVE_INFINITY },
];

export interface FormatContext {
  /** Now, in milliseconds; relative times are measured from it. */
  readonly nowMs: number;
  readonly locale: string;
  /** IANA zone; the browser's own when absent. */
  readonly timeZone?: string;
}

/** The furthest a JavaScript Date reaches either side of 1970: 100,000,000 days, in seconds. */
const FURTHEST_SECONDS = 8.64e12;

/** Whether `<t:seconds>` is a moment a date can be drawn for. */
export function isDrawableTime(seconds: number): boolean {
  return Number.isFinite(seconds) && Math.abs(seconds) <= FURTHEST_SECONDS;
}

export function isTimestampStyle(value: unknown): value is TimestampStyle {
  return typeof value === 'string' && value.length === 1 && 'tTdDfFR'.includes(value);
}

/** What Discord shows for `<t:seconds:style>`: a date, a time, or "in 5 minutes" / "2 hours ago". */
export function formatTimestamp(seconds: number, style: TimestampStyle, context: FormatContext): string {
  if (style === 'R') return formatRelative(seconds * 1000 - context.nowMs, context.locale);
  const options = { ...ABSOLUTE[style], ...(context.timeZone ? { timeZone: context.timeZone } : {}) };
  return new Intl.DateTimeFormat(context.locale, options).format(new Date(seconds * 1000));
}

/** `distanceMs` > 0 is in the future. */
export function formatRelative(distanceMs: number, locale: string): string {
  const distance = Math.round(distanceMs / 1000);
  // The last step has no upper bound, so one always matches.
  const step = RELATIVE_UNITS.find((candidate) => Math.abs(distance) < candidate.below)!;
  const amount = Math.round(distance / step.seconds);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(amount, step.unit);
}

/** How a message's time reads beside its author: "Today at 4:05 PM", or the date for older ones. */
export function formatMessageTime(
  iso: string,
  context: FormatContext,
  labels: { today: (time: string) => string; yesterday: (time: string) => string },
): string {
  const at = new Date(iso);
  const zone = context.timeZone ? { timeZone: context.timeZone } : {};
  const time = new Intl.DateTimeFormat(context.locale, { hour: 'numeric', minute: '2-digit', ...zone }).format(at);
  const day = (ms: number) =>
    new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...zone }).format(
      new Date(ms),
    );
  if (day(at.getTime()) === day(context.nowMs)) return labels.today(time);
  if (day(at.getTime()) === day(context.nowMs - 86_400_000)) return labels.yesterday(time);
  const date = new Intl.DateTimeFormat(context.locale, { year: 'numeric', month: '2-digit', day: '2-digit', ...zone });
  return `${date.format(at)} ${time}`;
}
