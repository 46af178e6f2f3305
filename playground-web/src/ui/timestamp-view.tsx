import { formatTimestamp, type TimestampStyle } from '../lib/timestamp-format.js';
import { useRender } from './render-context.js';
import { useNow } from './use-now.js';

/**
 * `<t:…:style>`: the date or time in the person's locale; relative ones stay live. Full date on
 * hover. `seconds` is one a date can hold (the markdown parser leaves any other as text).
 */
export function TimestampView({ seconds, style }: { seconds: number; style: TimestampStyle }) {
  const { locale } = useRender();
  const nowMs = useNow(style === 'R' ? 1_000 : 60_000);
  const context = { nowMs, locale };
  return (
    <time
      class="md-timestamp"
      dateTime={new Date(seconds * 1000).toISOString()}
      title={formatTimestamp(seconds, 'F', context)}
    >
      {formatTimestamp(seconds, style, context)}
    </time>
  );
}
