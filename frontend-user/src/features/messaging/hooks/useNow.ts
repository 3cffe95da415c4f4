import { useEffect, useState } from 'react';

/** The longest delay a browser timer holds (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Day labels (Today, Yesterday) move on with the clock. */
const LABEL_REFRESH_MS = 60_000;

/**
 * The browser's clock for the chat screen: read again every minute, and exactly when `deadline`
 * (ms since the epoch, e.g. a conversation's expiry) passes, so the screen turns read-only then.
 */
export function useNow(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const interval = window.setInterval(tick, LABEL_REFRESH_MS);
    const first = window.setTimeout(tick, 0);
    const wait = deadline === null ? null : deadline - Date.now();
    const atDeadline =
      wait !== null && wait > 0 ? window.setTimeout(tick, Math.min(wait + 1, MAX_TIMER_MS)) : null;
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(first);
      if (atDeadline !== null) window.clearTimeout(atDeadline);
    };
  }, [deadline]);
  return now;
}
