import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_DELAY_MS, scheduleSessionExpiry, type TimerHost } from './expiry-timer.ts';

const DAY = 24 * 60 * 60 * 1000;
const START = Date.UTC(2026, 0, 1);

describe('the sign-out timer on the browser clock (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs out when a short session expires, not before', () => {
    const expired = vi.fn();
    scheduleSessionExpiry(START + 60_000, expired);
    vi.advanceTimersByTime(59_999);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('keeps a 40-day session past the 24.8 days a timer can hold, and ends it at 40 days', () => {
    const expired = vi.fn();
    scheduleSessionExpiry(START + 40 * DAY, expired);
    vi.advanceTimersByTime(1);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS + 1000);
    expect(expired).not.toHaveBeenCalled();
    // Up to the last millisecond of the 40 days.
    vi.advanceTimersByTime(START + 40 * DAY - 1 - Date.now());
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(100 * DAY);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('ends a session whose expiry already passed on the next tick', () => {
    const expired = vi.fn();
    scheduleSessionExpiry(START - 1, expired);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled', () => {
    const expired = vi.fn();
    const cancel = scheduleSessionExpiry(START + 30 * DAY, expired);
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS + 1);
    cancel();
    vi.advanceTimersByTime(60 * DAY);
    expect(expired).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

/** A host that behaves as browsers do: a delay past 2^31 - 1 ms overflows and fires at once. */
function overflowingHost() {
  let now = START;
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let ids = 0;
  const host: TimerHost = {
    now: () => now,
    setTimeout: (callback, delayMs) => {
      const delay = delayMs > MAX_TIMER_DELAY_MS ? 1 : delayMs;
      ids += 1;
      timers.push({ at: now + delay, callback, id: ids });
      return ids;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  /** Moves the clock on, running the timers that fall due, in order. */
  const advance = (ms: number) => {
    const target = now + ms;
    for (;;) {
      const next = timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      timers = timers.filter((timer) => timer !== next);
      now = next.at;
      next.callback();
    }
    now = target;
  };
  /** The clock jumps (a laptop wakes up) without any timer firing. */
  const jump = (ms: number) => {
    now += ms;
  };
  return { host, advance, jump, pending: () => timers.length };
}

describe('the sign-out timer on a host that overflows like a browser', () => {
  it('never asks for a delay the browser would overflow', () => {
    const { host, advance } = overflowingHost();
    const expired = vi.fn();
    scheduleSessionExpiry(START + 365 * DAY, expired, host);
    advance(10);
    expect(expired).not.toHaveBeenCalled();
    advance(364 * DAY);
    expect(expired).not.toHaveBeenCalled();
    advance(DAY);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('reads the clock again at every wake: a clock that jumped past the expiry signs out then', () => {
    const { host, advance, jump, pending } = overflowingHost();
    const expired = vi.fn();
    scheduleSessionExpiry(START + 50 * DAY, expired, host);
    jump(51 * DAY);
    advance(0);
    // The chunk armed at the start still has to fire; its wake sees the expiry has passed.
    advance(MAX_TIMER_DELAY_MS);
    expect(expired).toHaveBeenCalledOnce();
    expect(pending()).toBe(0);
  });
});
