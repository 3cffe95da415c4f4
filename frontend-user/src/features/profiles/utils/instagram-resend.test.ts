import { describe, expect, it } from 'vitest';
import { resendAllowedAt, resendWaitSeconds, resendWaitText } from './instagram-resend';

const requestedAt = '2026-03-01T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('Resend OTP on the Instagram card', () => {
  it('opens a minute after the last request, as the server accepts a new one', () => {
    const allowedAt = resendAllowedAt(requestedAt);
    expect(allowedAt).toBe(at('2026-03-01T10:01:00.000Z'));
    expect(resendWaitSeconds(allowedAt, at('2026-03-01T10:00:00.000Z'))).toBe(60);
    expect(resendWaitSeconds(allowedAt, at('2026-03-01T10:00:18.200Z'))).toBe(42);
    expect(resendWaitSeconds(allowedAt, at('2026-03-01T10:00:59.001Z'))).toBe(1);
    expect(resendWaitSeconds(allowedAt, at('2026-03-01T10:01:00.000Z'))).toBe(0);
  });

  it('stays open for the rest of the 5 hours a code is expected in (and after)', () => {
    const allowedAt = resendAllowedAt(requestedAt);
    expect(resendWaitSeconds(allowedAt, at('2026-03-01T10:05:00.000Z'))).toBe(0);
    expect(resendWaitSeconds(allowedAt, at('2026-03-01T14:59:59.000Z'))).toBe(0);
    expect(resendWaitSeconds(allowedAt, at('2026-03-01T15:00:01.000Z'))).toBe(0);
  });

  it('never waits longer than the server’s minute when the browser clock is behind', () => {
    expect(resendWaitSeconds(resendAllowedAt(requestedAt), at('2026-03-01T09:58:00.000Z'))).toBe(
      60,
    );
  });

  it('is open when nothing was requested or the time cannot be read', () => {
    expect(resendAllowedAt(null)).toBeNull();
    expect(resendAllowedAt('')).toBeNull();
    expect(resendAllowedAt('soon')).toBeNull();
    expect(resendWaitSeconds(null, Date.now())).toBe(0);
  });

  it('says how long is left', () => {
    expect(resendWaitText(42)).toBe('You can ask for a new code in 42 seconds.');
    expect(resendWaitText(1)).toBe('You can ask for a new code in 1 second.');
  });
});
