import { describe, expect, it } from 'vitest';
import {
  effectiveStatus,
  INSTAGRAM_OTP_STATUSES,
  isOpenStatus,
  statusCriteria,
  type InstagramOtpStatus,
  type StatusCriteria,
} from './request-status.ts';

const now = new Date('2026-05-01T10:00:00.000Z');
const past = '2026-05-01T09:59:59.999Z';
const exactlyNow = now.toISOString();
const ahead = '2026-05-01T10:00:00.001Z';

/** What a read store does with the criteria, written out plainly. */
const matches = (criteria: StatusCriteria, status: InstagramOtpStatus, closesAt: string) =>
  criteria.stored.includes(status) &&
  (criteria.closed === null || criteria.closed === Date.parse(closesAt) <= now.getTime());

/**
 * Every record the OTP-records projection can store: an expired record is closed when (or
 * before) its expiry is recorded, so its closing instant is never ahead of the clock.
 */
const storedRecords = INSTAGRAM_OTP_STATUSES.flatMap((status) =>
  (status === 'expired' ? [past, exactlyNow] : [past, exactlyNow, ahead]).map((closesAt) => ({
    status,
    closesAt,
  })),
);

describe('the status of an Instagram verification request', () => {
  it('is open while pending or sent', () => {
    expect(INSTAGRAM_OTP_STATUSES.filter(isOpenStatus)).toEqual(['pending', 'send']);
  });

  it('reads an open request as expired from its closing instant on', () => {
    expect(effectiveStatus('pending', ahead, now)).toBe('pending');
    expect(effectiveStatus('send', ahead, now)).toBe('send');
    expect(effectiveStatus('pending', exactlyNow, now)).toBe('expired');
    expect(effectiveStatus('send', past, now)).toBe('expired');
  });

  it('leaves closed requests as they were recorded', () => {
    expect(effectiveStatus('verified', past, now)).toBe('verified');
    expect(effectiveStatus('verified', ahead, now)).toBe('verified');
    expect(effectiveStatus('expired', past, now)).toBe('expired');
  });

  it('filters exactly the records whose effective status is the one asked for', () => {
    for (const asked of INSTAGRAM_OTP_STATUSES) {
      const criteria = statusCriteria(asked);
      for (const record of storedRecords) {
        expect(
          matches(criteria, record.status, record.closesAt),
          `${asked} filter on a ${record.status} record closing ${record.closesAt}`,
        ).toBe(effectiveStatus(record.status, record.closesAt, now) === asked);
      }
    }
  });

  it('puts every stored record under exactly one status', () => {
    for (const record of storedRecords) {
      const under = INSTAGRAM_OTP_STATUSES.filter((asked) =>
        matches(statusCriteria(asked), record.status, record.closesAt),
      );
      expect(under).toHaveLength(1);
    }
  });
});
