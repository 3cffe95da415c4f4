import { INSTAGRAM_REQUEST_INTERVAL_MS } from '@linkcoin/domain/verification/instagram.ts';

/**
 * When a new Instagram code may be asked for (ms since the epoch): the server takes one new
 * request a minute after the last one (its `requestedAt`), whatever the handle. Null when there is
 * no request yet, or its time cannot be read: asking is open.
 */
export function resendAllowedAt(requestedAt: string | null | undefined): number | null {
  if (!requestedAt) return null;
  const at = Date.parse(requestedAt);
  return Number.isFinite(at) ? at + INSTAGRAM_REQUEST_INTERVAL_MS : null;
}

/**
 * Whole seconds left before Resend OTP opens: 0 when it is open. Never more than the server's
 * minute, so a browser clock running behind the server's does not stretch the wait.
 */
export function resendWaitSeconds(allowedAt: number | null, now: number): number {
  if (allowedAt === null) return 0;
  const seconds = Math.ceil((allowedAt - now) / 1000);
  return Math.min(Math.max(seconds, 0), INSTAGRAM_REQUEST_INTERVAL_MS / 1000);
}

/** The line under Resend OTP while it waits. */
export const resendWaitText = (seconds: number): string =>
  `You can ask for a new code in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
