import { useEffect, useState } from 'preact/hooks';
import type { ChannelKind } from '../../../src/playground/protocol.js';
import { ChannelView } from './channel-view.js';

const REMEMBERED = 'crag-playground-as';

/** Who this tab is: `?as=name`, else whoever this browser was last, else the server's first person. */
function initialPerson(): string {
  const fromUrl = new URL(window.location.href).searchParams.get('as');
  return fromUrl ?? window.localStorage.getItem(REMEMBERED) ?? '';
}

const LINKED: readonly ChannelKind[] = ['voice', 'group-dm'];

/**
 * Which channel this tab shows: `?channel=voice` is the voice channel "Crag table", `?channel=group-dm`
 * the group DM "friends", else #crag.
 */
function initialChannel(): ChannelKind {
  const wanted = new URL(window.location.href).searchParams.get('channel');
  return LINKED.find((kind) => kind === wanted) ?? 'text';
}

export function App() {
  const [as, setAs] = useState(initialPerson);
  const [channel, setChannel] = useState(initialChannel);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (as) {
      window.localStorage.setItem(REMEMBERED, as);
      url.searchParams.set('as', as);
    }
    if (channel !== 'text') url.searchParams.set('channel', channel);
    else url.searchParams.delete('channel');
    window.history.replaceState(null, '', url);
  }, [as, channel]);
  // A new person or channel is a new view: nothing of the last one's ephemeral messages carries over.
  return <ChannelView key={`${as} ${channel}`} as={as} channel={channel} onSwitch={setAs} onChannel={setChannel} />;
}
