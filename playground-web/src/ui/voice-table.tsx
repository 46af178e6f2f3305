import { useEffect, useRef, useState } from 'preact/hooks';
import type { MessageKey } from '../../../src/i18n/keys.js';
import { activityUrl, hostActivity, type TableSeat } from '../lib/discord-client-host.js';

/**
 * The voice channel "Crag table": pressing Play at the table launches (or joins) the Activity
 * there, which opens in an iframe beside the channel, the page standing in for the Discord client.
 */
export function VoiceTable({ as, t }: { as: string; t: (key: MessageKey) => string }) {
  const [seat, setSeat] = useState<TableSeat | null>(null);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const frameId = useRef(crypto.randomUUID());
  useEffect(() => {
    const element = frame.current;
    if (!seat || !element) return;
    return hostActivity(element, as, frameId.current);
  }, [seat, as]);
  const launch = async () => {
    const response = await fetch(`/api/table/launch?as=${encodeURIComponent(as)}`, { method: 'POST' });
    if (!response.ok) return setFailed(true);
    setSeat((await response.json()) as TableSeat);
  };
  return (
    <section class="voice-table" aria-label={t('playground.table.channel')}>
      <header class="voice-table-header">
        <span aria-hidden="true">🔊</span> {t('playground.table.channel')}
        {seat ? null : (
          <button type="button" class="voice-table-launch" onClick={() => void launch()}>
            {t('playground.table.play')}
          </button>
        )}
      </header>
      {failed ? <p class="banner warning">{t('playground.table.failed')}</p> : null}
      {seat ? (
        <iframe
          ref={frame}
          class="voice-table-frame"
          title={t('playground.table.channel')}
          src={activityUrl(seat, frameId.current)}
        />
      ) : null}
    </section>
  );
}
