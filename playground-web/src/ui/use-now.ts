import { useEffect, useState } from 'preact/hooks';

/** The time, refreshed every `everyMs`: relative timestamps ("in 4 minutes") stay true while shown. */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
