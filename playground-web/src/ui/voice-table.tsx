import { useEffect, useRef, useState } from 'preact/hooks';
import type { MessageKey } from '../../../src/i18n/keys.js';
import { activityUrl, hostActivity, type TableSeat } from '../lib/discord-client-host.js';

/** Where the voice channel is, and whose Activity opens in it: what every seat shares. */
export interface VoicePlace {
  readonly guildId: string;
  readonly channelId: string;
  readonly clientId: string;
}

/**
 * The voice channel "Crag table" above its text chat: the Activity opens in an iframe here, the
 * page standing in for the Discord client, when the bot answers a press of a lobby's Play at the
 * table with LAUNCH_ACTIVITY (`launched`: the instance it put this person in), or when the person
 * launches Crag from the App Launcher (the Entry Point command, which Discord handles itself).
 */
export function VoiceTable({
  as,
  place,
  launched,
  t,
}: {
  as: string;
  place: VoicePlace;
  launched: string | null;
  t: (key: MessageKey) => string;
}) {
  const [seat, setSeat] = useState<TableSeat | null>(null);
  const [failed, setFailed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const frameId = useRef(crypto.randomUUID());
  useEffect(() => {
    const element = frame.current;
    if (!seat || !element) return;
    return hostActivity(element, as, frameId.current);
  }, [seat, as]);
  useEffect(() => {
    if (launched && !seat) setSeat({ ...place, instanceId: launched });
  }, [launched, seat, place]);
  const launch = async () => {
    const response = await fetch(`/api/table/launch?as=${encodeURIComponent(as)}`, { method: 'POST' });
    if (!response.ok) return setFailed(true);
    setSeat((await response.json()) as TableSeat);
  };
  return (
    <section class="voice-table" aria-label={t('playground.table.activity')}>
      <header class="voice-table-header">
        <span>{seat ? t('playground.table.activity') : t('playground.table.hint')}</span>
        {seat ? null : (
          <button type="button" class="voice-table-launch" onClick={() => void launch()}>
            {t('playground.table.launch')}
          </button>
        )}
      </header>
      {failed ? <p class="banner warning">{t('playground.table.failed')}</p> : null}
      {seat ? (
        <iframe
          ref={frame}
          class="voice-table-frame"
          title={t('playground.table.activity')}
          src={activityUrl(seat, frameId.current)}
        />
      ) : null}
    </section>
  );
}
