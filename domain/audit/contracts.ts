/**
 * What auditors and the console read (docs/design.md section 6, "Auditor"): a user's coin ledger and
 * verification history as their streams tell them, a user's state "as of" an instant, the replay
 * check and the ledger invariants, and the console's payments, connections and user overviews.
 * Shared by the server and the console.
 */
import { z } from 'zod';
import type { OtpPurpose, OtpStatus } from '../accounts/email-otp.ts';
import type { Role } from '../accounts/roles.ts';
import type { PaymentFailureCode } from '../payments/messages.ts';
import type { PaymentChannel, PaymentProviderName, PaymentStatus } from '../payments/payment.ts';
import type { InstagramOtpStatus } from '../verification/request-status.ts';
import type { WalletEntry } from '../wallet/contracts.ts';
import type { CoinPackageId } from '../wallet/pricing.ts';
import type { WalletEvent } from '../wallet/wallet.ts';

// The coin ledger ------------------------------------------------------------------------------

/** One event of a user's `wallet-{userId}` stream, as the auditor's ledger shows it. */
export type LedgerLine = WalletEntry & {
  /** The event's type as stored (CoinsPurchased, ConnectionOpened…). */
  type: WalletEvent['type'];
  /** Its place in the user's stream (0, 1, 2…) and in the global log. */
  revision: number;
  position: number;
  /** Who sent the command: the buyer, the admin, the payer; null for the system's processes. */
  actorUserId: string | null;
  /** The message that directly caused it (the request, or the event a process reacted to). */
  causationId: string | null;
  /** The connection a spend, renewal, removal or refund is about. */
  connectionId: string | null;
  /** A connection's or renewal's new expiry. */
  expiresAt: string | null;
  /** When it was recorded (the event's metadata). */
  recordedAt: string;
};

// The verification history ---------------------------------------------------------------------

export type VerificationChannel = 'account' | 'email' | 'instagram' | 'youtube';

export type VerificationKind =
  | 'account_registered'
  | 'email_code_issued'
  | 'email_code_failed'
  | 'email_verified'
  | 'email_verification_used'
  | 'instagram_requested'
  | 'instagram_code_sent'
  | 'instagram_attempt_failed'
  | 'instagram_verified'
  | 'instagram_expired'
  | 'youtube_verified'
  | 'youtube_failed';

/**
 * One step of a user's verifications, from the account, e-mail code, Instagram and YouTube
 * streams. Never a code: neither the code nor its hash or sealed form is part of a line.
 */
export type VerificationLine = {
  /** The event's id. */
  id: string;
  userId: string;
  at: string;
  channel: VerificationChannel;
  kind: VerificationKind;
  /** What happened, in a sentence. */
  summary: string;
  /** An e-mail code's purpose. */
  purpose: OtpPurpose | null;
  /** The Instagram handle or YouTube handle checked. */
  handle: string | null;
  /** The Instagram request a step belongs to. */
  requestId: string | null;
  /** The failed attempt's number (1 to 5). */
  attempt: number | null;
  /** Until when a code or a verification was valid. */
  validUntil: string | null;
  /** The admin who sent an Instagram code. */
  by: string | null;
  /** A YouTube check's outcome: the channel verified, or why it failed. */
  outcome: string | null;
  actorUserId: string | null;
  correlationId: string;
  streamId: string;
  revision: number;
  position: number;
};

export const VERIFICATION_CHANNELS = [
  'account',
  'email',
  'instagram',
  'youtube',
] as const satisfies readonly VerificationChannel[];

// As of an instant -----------------------------------------------------------------------------

/** `?at=2026-03-01T12:00:00Z`: any instant with its offset; the state includes events up to it. */
export const asOfQuery = z.object({
  at: z.iso.datetime({ offset: true, error: 'Choose a date and a time.' }),
});
export type AsOfQuery = z.input<typeof asOfQuery>;

export type ConnectionAsOf = {
  connectionId: string;
  targetUserId: string;
  addedAt: string;
  expiresAt: string;
  removedAt: string | null;
  refunded: boolean;
  /** On the list and not expired at that instant: the chat is open. */
  open: boolean;
};

export type AsOfAnswer = {
  userId: string;
  /** The instant asked for, normalised to UTC. */
  at: string;
  account: {
    registered: boolean;
    ownerName: string | null;
    email: string | null;
    roles: Role[];
    emailProof: string | null;
  };
  wallet: {
    balance: number;
    /** How many wallet events were replayed, and the newest one's time. */
    events: number;
    lastEventAt: string | null;
    purchases: number;
    grants: number;
    /** Every connection ever opened by then, the newest first. */
    connections: ConnectionAsOf[];
  };
  verification: {
    email: {
      /** The status of the address's newest code at that instant. */
      status: OtpStatus;
      purpose: OtpPurpose | null;
      issuedAt: string | null;
      events: number;
    };
    instagram: {
      /** The newest request's status at that instant; null before any request. */
      status: InstagramOtpStatus | null;
      handle: string | null;
      requestedAt: string | null;
      expiresAt: string | null;
      failedAttempts: number;
      verifiedHandles: string[];
      events: number;
    };
    youtube: { verifiedChannels: string[]; events: number };
  };
};

// The replay check ----------------------------------------------------------------------------

export const MAX_REPORTED_DIFFERENCES = 200;

/** `POST /api/admin/replay-checks`: the read models to rebuild and compare (all when empty). */
export const replayCheckRequest = z.object({
  readModels: z
    .array(
      z
        .string('Choose read models from the list.')
        .regex(/^[a-z][a-z0-9-]{0,62}$/, 'Choose read models from the list.'),
      'Choose read models from the list.',
    )
    .max(50, 'Choose at most 50 read models.')
    .optional(),
});
export type ReplayCheckRequest = z.input<typeof replayCheckRequest>;

export type ReplayCheckStatus = 'queued' | 'running' | 'done' | 'failed';
export type ReplayCheckPhase = 'queued' | 'replaying' | 'comparing' | 'settling' | 'finished';

/** One document that differs between the live read model and its rebuild from the log. */
export type ReplayDifference = {
  readModel: string;
  collection: string;
  /** The document's id. */
  id: string;
  /** missing: the log makes it, the live store lacks it; extra: the opposite. */
  kind: 'missing' | 'extra' | 'different';
  /** The fields that differ (dotted paths), for `different`. */
  fields: string[];
  /** The differing fields' values on each side (fields that could hold a secret are hidden). */
  live: Record<string, unknown> | null;
  rebuilt: Record<string, unknown> | null;
};

export type ReplayCheckView = {
  id: string;
  status: ReplayCheckStatus;
  phase: ReplayCheckPhase;
  readModels: string[];
  requestedBy: string;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  progress: {
    /** Events of the log read so far, and where the replay stands in it. */
    eventsRead: number;
    position: number | null;
    /** The log position the live read models stood at when the check began. */
    target: number | null;
    documentsCompared: number;
    /** 0 to 100. */
    percent: number;
  };
  /** How many documents differ (all of them), and the first ones in detail. */
  differenceCount: number;
  differences: ReplayDifference[];
  error: string | null;
};

/** A read model the replay check can rebuild (`GET /api/admin/read-models`). */
export type ReadModelView = {
  id: string;
  version: number;
  collections: string[];
  /** Where the live read model stands in the log. */
  position: number | null;
};

// The ledger invariants -----------------------------------------------------------------------

export type InvariantRule =
  | 'coins_add_up'
  | 'never_negative'
  | 'balance_after_replays'
  | 'approved_payments_credited_once'
  | 'credits_have_approvals'
  | 'refunds_qualified';

export type OffendingEvent = {
  id: string;
  type: string;
  streamId: string;
  revision: number;
  position: number;
  at: string;
};

export type Offence = {
  rule: InvariantRule;
  message: string;
  /** The user whose ledger holds it, when there is one. */
  userId: string | null;
  events: OffendingEvent[];
};

export type InvariantResult = {
  rule: InvariantRule;
  title: string;
  passed: boolean;
  /** Every offence found, and the first ones in detail. */
  offenceCount: number;
  offences: Offence[];
};

export type InvariantsReport = {
  passed: boolean;
  checkedAt: string;
  /** The log was read up to this position. */
  position: number | null;
  eventsRead: number;
  wallets: number;
  totals: {
    purchased: number;
    granted: number;
    refunded: number;
    spent: number;
    /** The sum of every wallet's balance after its last event. */
    balances: number;
  };
  /** Approved payments not credited yet, within the credit process' grace period. */
  creditsPending: number;
  rules: InvariantResult[];
};

// The console's resources ----------------------------------------------------------------------

/** A row of the console's payments (`GET /api/admin/payments`). */
export type PaymentRow = {
  id: string;
  userId: string;
  status: PaymentStatus;
  provider: PaymentProviderName;
  providerReference: string;
  providerPaymentId: string | null;
  packageId: CoinPackageId | null;
  coins: number;
  bonusCoins: number;
  rupees: number;
  startedAt: string;
  expiresAt: string;
  settledAt: string | null;
  failureCode: PaymentFailureCode | null;
  /** How the outcome reached us. */
  via: PaymentChannel | null;
  /** Approved after it had expired or failed here. */
  late: boolean;
  /** The coins are in the buyer's wallet. */
  credited: boolean;
  creditedAt: string | null;
  updatedAt: string;
};

export type ConnectionState = 'open' | 'expired' | 'removed';

/** A row of the console's connections (`GET /api/admin/connections`). */
export type ConnectionRow = {
  id: string;
  payerId: string;
  creatorId: string;
  addedAt: string;
  expiresAt: string;
  renewals: number;
  /** Coins paid: the add and each renewal. */
  coinsSpent: number;
  removedAt: string | null;
  refunded: boolean;
  refundedAt: string | null;
  updatedAt: string;
};

/** A connection as the console answers it: with its state at the time of asking. */
export type ConnectionView = ConnectionRow & { state: ConnectionState };

export type InstagramOverview = {
  status: InstagramOtpStatus;
  handle: string;
  requestedAt: string;
  expiresAt: string;
};

/** A user as the console's users list shows them: who, roles, coins and verifications. */
export type UserOverview = {
  id: string;
  /** The person's name (names.ts). */
  ownerName: string;
  /** A brand's company name. */
  companyName: string | null;
  /** The handle shown beside the name (names.ts). */
  handle: string | null;
  email: string;
  role: Role;
  roles: Role[];
  signInMethods: ('password' | 'google')[];
  emailProof: string;
  registeredAt: string;
  passwordResetAt: string | null;
  lastLogoutAt: string | null;
  balance: number;
  /** The newest Instagram request (its status as of now), and every handle verified. */
  instagram: InstagramOverview | null;
  instagramVerified: string[];
  /** YouTube channels verified (titles), and the last check's outcome. */
  youtubeVerified: string[];
  youtubeLastCheck: { at: string; outcome: string } | null;
  /** The platforms verified: the list's filter. */
  verified: ('instagram' | 'youtube')[];
};

export const VERIFIED_FILTERS = ['instagram', 'youtube', 'none'] as const;
