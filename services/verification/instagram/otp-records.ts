import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { InstagramVerificationEvent } from '@linkcoin/domain/verification/instagram.ts';
import {
  isOpenStatus,
  type InstagramOtpStatus,
} from '@linkcoin/domain/verification/request-status.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

/** The OTP record of spec section 3, one per verification request, for the admin's dashboard. */
export type OtpRecordDoc = {
  id: string;
  userId: string;
  profileName: string;
  profileUrl: string;
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
  version: 1,
  collections: [
    {
      name: OTP_RECORDS,
      indexes: [
        { fields: ['createdAt'] },
        { fields: ['status', 'closesAt'] },
        { fields: ['userId', 'createdAt'] },
      ],
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
        profileUrl: data.profileUrl,
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
