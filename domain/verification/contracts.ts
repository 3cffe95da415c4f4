import type { HandlePlatform } from './handle-claim.ts';
import type { InstagramOtpStatus } from './instagram.ts';

/**
 * An OTP record as admins see it on the console's dashboard (docs/product-spec.md section 3): the code opened and
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

/** One creator's verified claim on an account, as the desk sees it. */
export type ClaimLine = {
  userId: string;
  /** The handle on their profile. */
  profileName: string;
  verificationId: string;
  /** `instagram_otp`, `youtube_oauth`, or `desk` when the desk gave it. */
  via: 'instagram_otp' | 'youtube_oauth' | 'desk';
  at: string;
  /** The desk gave the account to someone else: their profile no longer shows it verified. */
  withdrawn: boolean;
};

/** A creator's request to the desk about an account someone else holds. */
export type DisputeLine = {
  disputeId: string;
  claimantId: string;
  profileName: string;
  ownerId: string;
  message: string;
  at: string;
  status: 'open' | 'resolved' | 'dismissed';
  decidedAt: string | null;
  decidedBy: string | null;
};

/**
 * An Instagram handle or YouTube channel that someone verified, for the verification desk: who
 * holds it, every verified claim on it (duplicates recorded before handles had one owner
 * included, never dropped), the requests to the desk, and whether anything waits for the desk.
 */
export type HandleClaimView = {
  id: string;
  platform: HandlePlatform;
  key: string;
  /** How the desk reads it: `@asha.cooks`, or the YouTube channel's title. */
  label: string;
  ownerId: string | null;
  claims: ClaimLine[];
  disputes: DisputeLine[];
  /** Creators other than the owner whose verified claim still stands. */
  contested: number;
  openDisputes: number;
  /** Something waits for the desk: a contested account or an open request. */
  needsDesk: boolean;
  updatedAt: string;
};
