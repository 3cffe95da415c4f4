import type { OtpRecordView } from '@linkcoin/domain/verification/contracts.ts';
import { handleSearchKey, instagramProfileUrl } from '@linkcoin/domain/verification/handles.ts';
import {
  effectiveStatus,
  statusCriteria,
  type InstagramOtpStatus,
} from '@linkcoin/domain/verification/request-status.ts';
import type { Query } from '@linkcoin/infra/readstore/port.ts';
import type { CodeVault } from './code-vault.ts';
import type { OtpRecordDoc } from './otp-records.ts';

/** A stored record's status as of `now` (the rule is the domain's `effectiveStatus`). */
export const effectiveStatusOf = (record: OtpRecordDoc, now: Date): InstagramOtpStatus =>
  effectiveStatus(record.status, record.closesAt, now);

/**
 * An OTP record as the console shows it: the code opened, the status as of now, and the link
 * derived from the handle (never a link a client gave; '' when the handle is no username).
 */
export const otpRecordView = (
  record: OtpRecordDoc,
  vault: CodeVault,
  now: Date,
): OtpRecordView => ({
  id: record.id,
  _id: record.id,
  userId: record.userId,
  profileName: record.profileName,
  profileUrl: instagramProfileUrl(record.profileName) ?? '',
  otp: vault.open(record.sealedCode),
  status: effectiveStatusOf(record, now),
  createdAt: record.createdAt,
  expiresAt: record.expiresAt,
  sentAt: record.sentAt,
  verifiedAt: record.verifiedAt,
  failedAttempts: record.failedAttempts,
});

/**
 * The read-store condition for a status as the dashboard filters it: the domain's
 * `statusCriteria` (proved consistent with `effectiveStatus` by its unit tests) in the read
 * store's query language.
 */
export const whereStatus = (status: InstagramOtpStatus, now: Date): NonNullable<Query['where']> => {
  const { stored, closed } = statusCriteria(status);
  const at = now.toISOString();
  return {
    status: stored.length === 1 ? stored[0]! : { $in: [...stored] },
    ...(closed === null ? {} : { closesAt: closed ? { $lte: at } : { $gt: at } }),
  };
};

/** Above every character: `prefix` up to it bounds the strings that begin with `prefix`. */
const AFTER_EVERY_CHARACTER = '\u{10FFFF}';

export type RecordFilter = Readonly<{
  status?: InstagramOtpStatus | undefined;
  /** The user id, or its beginning. */
  userId?: string | undefined;
  /** The beginning of the handle or of one of its words, any case, with or without the @. */
  profileName?: string | undefined;
}>;

/**
 * The dashboard's filters, each on its own field: the User ID on `userId` (exact, or a prefix:
 * a range on the indexed field), the Profile name on the handle's search keys. Blank filters
 * are no filters.
 */
export const whereRecords = (filter: RecordFilter, now: Date): NonNullable<Query['where']> => {
  const userId = filter.userId?.trim() ?? '';
  const handle = handleSearchKey(filter.profileName ?? '');
  return {
    ...(filter.status ? whereStatus(filter.status, now) : {}),
    ...(userId ? { userId: { $gte: userId, $lt: `${userId}${AFTER_EVERY_CHARACTER}` } } : {}),
    ...(handle ? { profileNameKeys: { $contains: handle } } : {}),
  };
};
