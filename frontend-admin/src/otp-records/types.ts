import type { InstagramOtpStatus } from '@linkcoin/domain/verification/instagram.ts';

/** A row of the otp-records resource (GET /api/admin/otp-records): spec section 3's OTP record. */
export type OtpRecord = {
  id: string;
  _id: string;
  userId: string;
  /** The Instagram handle the code is for. */
  profileName: string;
  profileUrl: string;
  otp: string;
  status: InstagramOtpStatus;
  createdAt: string;
  expiresAt: string;
  sentAt: string | null;
  verifiedAt: string | null;
  failedAttempts: number;
};

/** The dashboard tiles (GET /api/admin/otp-records/summary). */
export type OtpSummary = {
  total: number;
  pending: number;
  sent: number;
  verified: number;
  expired: number;
};
