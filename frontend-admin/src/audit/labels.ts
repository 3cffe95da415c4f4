/** How the auditor views name what the audit API answers. */
import type {
  ConnectionState,
  ReplayCheckPhase,
  ReplayDifference,
  VerificationChannel,
} from '@linkcoin/domain/audit/contracts.ts';
import type { OtpStatus } from '@linkcoin/domain/accounts/email-otp.ts';
import type { PaymentStatus } from '@linkcoin/domain/payments/payment.ts';
import type { InstagramOtpStatus } from '@linkcoin/domain/verification/request-status.ts';
import type { WalletEntryKind } from '@linkcoin/domain/wallet/contracts.ts';

/** A ledger line's kind, as the issue names them. */
export const LEDGER_KIND_LABELS: Readonly<Record<WalletEntryKind, string>> = {
  purchase: 'Purchase',
  grant: 'Grant',
  connection: 'Spend on a connection',
  renewal: 'Renewal',
  removal: 'Removal',
  refund: 'Refund',
};

export const VERIFICATION_CHANNEL_LABELS: Readonly<Record<VerificationChannel, string>> = {
  account: 'Account',
  email: 'E-mail',
  instagram: 'Instagram',
  youtube: 'YouTube',
};

export const VERIFICATION_CHANNEL_CHOICES = (
  Object.keys(VERIFICATION_CHANNEL_LABELS) as VerificationChannel[]
).map((channel) => ({ id: channel, name: VERIFICATION_CHANNEL_LABELS[channel] }));

export const EMAIL_CODE_LABELS: Readonly<Record<OtpStatus, string>> = {
  none: 'No open code (none sent, or used)',
  pending: 'Code sent, not used',
  verified: 'Verified, not used yet',
  expired: 'Expired',
};

export const INSTAGRAM_STATUS_LABELS: Readonly<Record<InstagramOtpStatus, string>> = {
  pending: 'Requested',
  send: 'Code sent',
  verified: 'Verified',
  expired: 'Expired',
};

export const INSTAGRAM_STATUS_CHOICES = (
  Object.keys(INSTAGRAM_STATUS_LABELS) as InstagramOtpStatus[]
).map((status) => ({ id: status, name: INSTAGRAM_STATUS_LABELS[status] }));

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  failed: 'Failed',
  expired: 'Expired',
};

export const PAYMENT_STATUS_CHOICES = (Object.keys(PAYMENT_STATUS_LABELS) as PaymentStatus[]).map(
  (status) => ({ id: status, name: PAYMENT_STATUS_LABELS[status] }),
);

export const CONNECTION_STATE_LABELS: Readonly<Record<ConnectionState, string>> = {
  open: 'Open',
  expired: 'Expired',
  removed: 'Removed',
};

export const CONNECTION_STATE_CHOICES = (
  Object.keys(CONNECTION_STATE_LABELS) as ConnectionState[]
).map((state) => ({ id: state, name: CONNECTION_STATE_LABELS[state] }));

export const REPLAY_PHASE_LABELS: Readonly<Record<ReplayCheckPhase, string>> = {
  queued: 'Waiting for its turn',
  replaying: 'Replaying the log into a scratch store',
  comparing: 'Comparing documents',
  settling: 'Comparing documents that moved meanwhile',
  finished: 'Finished',
};

export const DIFFERENCE_KIND_LABELS: Readonly<Record<ReplayDifference['kind'], string>> = {
  missing: 'Missing from the live store',
  extra: 'Not made by the log',
  different: 'Different',
};
