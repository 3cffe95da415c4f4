import { useEffect, useState } from 'react';

/**
 * The browser's clock, ticking every second until `deadline` (ms since the epoch) has passed; it
 * stands still otherwise. For countdowns shown on screen.
 */
export function useClockUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    // Read at once: the deadline may be new while the stored time is old.
    const first = window.setTimeout(tick, 0);
    if (deadline === null || deadline <= Date.now()) return () => window.clearTimeout(first);
    const timer = window.setInterval(() => {
      tick();
      if (Date.now() >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [deadline]);
  return now;
}
