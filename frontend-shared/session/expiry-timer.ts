/**
 * The longest delay `setTimeout` accepts: 2^31 - 1 ms, about 24.8 days. A longer delay overflows
 * and the callback runs at once, so a session lasting longer would end the moment it began.
 */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** The clock and timers the schedule runs on: the browser's, or a test's. */
export type TimerHost = Readonly<{
  now: () => number;
  setTimeout: (callback: () => void, delayMs: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}>;

export const browserTimers = (): TimerHost => ({
  now: () => Date.now(),
  setTimeout: (callback, delayMs) => globalThis.setTimeout(callback, delayMs),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/**
 * Calls `onExpired` once, when the clock reaches `expiresAt` (ms since the epoch), and answers a
 * function that cancels it. A wait longer than a timer can hold is slept in chunks, and every wake
 * reads the clock again rather than trusting the chunks: a computer that slept, or a clock that was
 * set, is judged by the time it is now. An expiry already past is reported on the next tick.
 */
export function scheduleSessionExpiry(
  expiresAt: number,
  onExpired: () => void,
  host: TimerHost = browserTimers(),
): () => void {
  let handle: unknown = null;
  let active = true;
  const wake = () => {
    if (!active) return;
    const remaining = expiresAt - host.now();
    if (remaining <= 0) {
      active = false;
      onExpired();
      return;
    }
    handle = host.setTimeout(wake, Math.min(remaining, MAX_TIMER_DELAY_MS));
  };
  handle = host.setTimeout(wake, Math.min(Math.max(expiresAt - host.now(), 0), MAX_TIMER_DELAY_MS));
  return () => {
    active = false;
    if (handle !== null) host.clearTimeout(handle);
  };
}
