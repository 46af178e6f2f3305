import { useEffect, useState } from 'preact/hooks';
import { ChannelView } from './channel-view.js';

const REMEMBERED = 'crag-playground-as';

/** Who this tab is: `?as=name`, else whoever this browser was last, else the server's first person. */
function initialPerson(): string {
  const fromUrl = new URL(window.location.href).searchParams.get('as');
  return fromUrl ?? window.localStorage.getItem(REMEMBERED) ?? '';
}

export function App() {
  const [as, setAs] = useState(initialPerson);
  useEffect(() => {
    if (!as) return;
    window.localStorage.setItem(REMEMBERED, as);
    const url = new URL(window.location.href);
    url.searchParams.set('as', as);
    window.history.replaceState(null, '', url);
  }, [as]);
  // A new person is a new view: nothing of the last one's ephemeral messages carries over.
  return <ChannelView key={as} as={as} onSwitch={setAs} />;
}
