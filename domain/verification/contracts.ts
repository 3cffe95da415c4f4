import type { InstagramOtpStatus } from './instagram.ts';

/**
 * An OTP record as admins see it on the console's dashboard (spec section 3): the code opened and
 * the status as of now. Answered by `GET /api/admin/otp-records` and `GET /pageowners/get-all`.
 */
export type OtpRecordView = {
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

/** The dashboard tiles (`GET /api/admin/otp-records/summary`). */
export type OtpRecordSummary = {
  total: number;
  pending: number;
  sent: number;
  verified: number;
  expired: number;
};
