import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { handleSearchKeys } from '@linkcoin/domain/verification/handles.ts';
import type { InstagramVerificationEvent } from '@linkcoin/domain/verification/instagram.ts';
import {
  isOpenStatus,
  type InstagramOtpStatus,
} from '@linkcoin/domain/verification/request-status.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

/** The OTP record of docs/product-spec.md section 3, one per verification request, for the admin's dashboard. */
export type OtpRecordDoc = {
  id: string;
  userId: string;
  profileName: string;
  /**
   * What the Profile name filter finds the record by (`handleSearchKeys`). No link is stored:
   * the view derives it from the handle, as events recorded before may carry a client's.
   */
  profileNameKeys: string[];
  /** Opened only for admins by the API. */
  sealedCode: string;
  status: InstagramOtpStatus;
  createdAt: string;
  expiresAt: string;
  /** When the record stops being open: its expiry, or the moment a newer request replaced it. */
  closesAt: string;
  sentAt: string | null;
  sentBy: string | null;
  verifiedAt: string | null;
  failedAttempts: number;
};

export const OTP_RECORDS = 'otp_records';

export const otpRecordsProjection: Projection = {
  name: 'otp-records',
  // 2: no stored profileUrl (derived by the view), profileNameKeys for the Profile name filter.
  version: 2,
  collections: [
    {
      name: OTP_RECORDS,
      indexes: [
        { fields: ['createdAt'] },
        { fields: ['status', 'closesAt'] },
        { fields: ['userId', 'createdAt'] },
      ],
      // For react-admin's free search `q` only; the User ID and Profile name filters use
      // `userId` and `profileNameKeys`, each matching its own field.
      textSearch: ['profileName', 'userId'],
    },
  ],
  eventTypes: [
    'InstagramVerificationRequested',
    'InstagramOtpSent',
    'InstagramVerificationAttemptFailed',
    'InstagramAccountVerified',
    'InstagramVerificationExpired',
  ],
  apply: async (recorded, tx) => {
    const event = recorded as RecordedEvent<InstagramVerificationEvent>;
    if (event.type === 'InstagramVerificationRequested') {
      const { data } = event;
      if (data.replaces) {
        const replaced = await tx.get<OtpRecordDoc>(OTP_RECORDS, data.replaces);
        if (replaced && isOpenStatus(replaced.status)) {
          await tx.put<OtpRecordDoc>(OTP_RECORDS, replaced.id, {
            ...replaced,
            status: 'expired',
            closesAt: data.requestedAt,
          });
        }
      }
      await tx.put<OtpRecordDoc>(OTP_RECORDS, data.requestId, {
        id: data.requestId,
        userId: data.userId,
        profileName: data.profileName,
        profileNameKeys: handleSearchKeys(data.profileName),
        sealedCode: data.sealedCode,
        status: 'pending',
        createdAt: data.requestedAt,
        expiresAt: data.expiresAt,
        closesAt: data.expiresAt,
        sentAt: null,
        sentBy: null,
        verifiedAt: null,
        failedAttempts: 0,
      });
      return;
    }
    const record = await tx.get<OtpRecordDoc>(OTP_RECORDS, event.data.requestId);
    if (!record) return;
    switch (event.type) {
      case 'InstagramOtpSent':
        await tx.put(OTP_RECORDS, record.id, {
          ...record,
          status: 'send',
          sentAt: event.data.at,
          sentBy: event.data.sentBy,
        });
        break;
      case 'InstagramVerificationAttemptFailed':
        await tx.put(OTP_RECORDS, record.id, {
          ...record,
          failedAttempts: event.data.failedAttempts,
        });
        break;
      case 'InstagramAccountVerified':
        await tx.put(OTP_RECORDS, record.id, {
          ...record,
          status: 'verified',
          verifiedAt: event.data.at,
        });
        break;
      case 'InstagramVerificationExpired':
        await tx.put(OTP_RECORDS, record.id, {
          ...record,
          status: 'expired',
          closesAt: event.data.at,
        });
        break;
    }
  },
};
