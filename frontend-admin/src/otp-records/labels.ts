import type { InstagramOtpStatus } from '@linkcoin/domain/verification/instagram.ts';

/** How the dashboard names a record's status (docs/product-spec.md section 4): "send" is what the admin did. */
export const OTP_STATUS_LABELS: Readonly<Record<InstagramOtpStatus, string>> = {
  pending: 'Pending',
  send: 'Sent',
  verified: 'Verified',
  expired: 'Expired',
};

/** The status filter's choices, in the order the spec lists them (All is the empty choice). */
export const OTP_STATUS_CHOICES = (['pending', 'send', 'verified', 'expired'] as const).map(
  (status) => ({ id: status, name: OTP_STATUS_LABELS[status] }),
);

export const FETCH_FAILED = 'Failed to fetch OTP records';
export const COPIED = 'Copied message to clipboard!';
export const NO_RECORDS = 'No OTP records found';
