import type { Query } from '@linkcoin/infra/readstore/port.ts';
import type { InstagramOtpStatus } from '@linkcoin/domain/verification/instagram.ts';
import type { OtpRecordView } from '@linkcoin/domain/verification/contracts.ts';
import type { OtpRecordDoc } from '../../projector/otp-records.ts';
import type { CodeVault } from './code-vault.ts';

/** Open records past their five hours read as expired before the sweep catches up. */
export const effectiveStatus = (record: OtpRecordDoc, now: Date): InstagramOtpStatus =>
  (record.status === 'pending' || record.status === 'send') &&
  Date.parse(record.closesAt) <= now.getTime()
    ? 'expired'
    : record.status;

export const otpRecordView = (
  record: OtpRecordDoc,
  vault: CodeVault,
  now: Date,
): OtpRecordView => ({
  id: record.id,
  _id: record.id,
  userId: record.userId,
  profileName: record.profileName,
  profileUrl: record.profileUrl,
  otp: vault.open(record.sealedCode),
  status: effectiveStatus(record, now),
  createdAt: record.createdAt,
  expiresAt: record.expiresAt,
  sentAt: record.sentAt,
  verifiedAt: record.verifiedAt,
  failedAttempts: record.failedAttempts,
});

/** The read-store condition for a status as the dashboard filters it (consistent with the above). */
export const whereStatus = (status: InstagramOtpStatus, now: Date): NonNullable<Query['where']> => {
  const at = now.toISOString();
  switch (status) {
    case 'pending':
    case 'send':
      return { status, closesAt: { $gt: at } };
    case 'verified':
      return { status: 'verified' };
    case 'expired':
      return { status: { $ne: 'verified' }, closesAt: { $lte: at } };
  }
};
