/**
 * A user's verification history as auditors read it: the account's opening (how the address was
 * proven), its e-mail codes, its Instagram requests and its YouTube checks, one line per event of
 * the `account-`, `emailotp-`, `igverification-` and `youtube-` streams.
 *
 * A line is built field by field from what may be shown: codes stay sealed and hashes are never
 * copied, so no form of a code can reach an auditor.
 */
import type { AccountEvent } from '../accounts/account.ts';
import type { EmailOtpEvent } from '../accounts/email-otp.ts';
import type { RecordedEvent } from '../shared/messages.ts';
import type { InstagramVerificationEvent } from '../verification/instagram.ts';
import type { YouTubeVerificationEvent } from '../verification/youtube.ts';
import type { VerificationChannel, VerificationKind, VerificationLine } from './contracts.ts';

export type VerificationEvent =
  AccountEvent | EmailOtpEvent | InstagramVerificationEvent | YouTubeVerificationEvent;

const PURPOSE_TEXT = { registration: 'registration', password_reset: 'password reset' } as const;

const YOUTUBE_FAILURES = {
  channel_not_found: 'no channel found for this handle',
  not_signed_in_channel: 'the channel is not the signed-in Google account’s',
} as const;

const PROOF_TEXT: Readonly<Record<string, string>> = {
  email_otp: 'an e-mail code',
  google: 'Google',
  operator: 'the operator',
};

type Draft = Pick<VerificationLine, 'at' | 'channel' | 'kind' | 'summary'> &
  Partial<
    Pick<
      VerificationLine,
      'purpose' | 'handle' | 'requestId' | 'attempt' | 'validUntil' | 'by' | 'outcome'
    >
  >;

const draftOf = (recorded: RecordedEvent<VerificationEvent>): Draft | null => {
  const line = (
    channel: VerificationChannel,
    kind: VerificationKind,
    at: string,
    summary: string,
    rest: Omit<Draft, 'at' | 'channel' | 'kind' | 'summary'> = {},
  ): Draft => ({ channel, kind, at, summary, ...rest });
  switch (recorded.type) {
    case 'AccountRegistered':
      return line(
        'account',
        'account_registered',
        recorded.data.registeredAt,
        `Account opened; the address was proven by ${PROOF_TEXT[recorded.data.emailProof] ?? recorded.data.emailProof}`,
      );
    case 'OtpIssued':
      return line(
        'email',
        'email_code_issued',
        recorded.data.issuedAt,
        `E-mail code sent for ${PURPOSE_TEXT[recorded.data.purpose]}`,
        { purpose: recorded.data.purpose, validUntil: recorded.data.expiresAt },
      );
    case 'OtpAttemptFailed':
      return line(
        'email',
        'email_code_failed',
        recorded.data.at,
        `Wrong e-mail code typed (attempt ${recorded.data.failedAttempts})`,
        { attempt: recorded.data.failedAttempts },
      );
    case 'OtpVerified':
      return line(
        'email',
        'email_verified',
        recorded.data.at,
        `E-mail address verified for ${PURPOSE_TEXT[recorded.data.purpose]}`,
        { purpose: recorded.data.purpose, validUntil: recorded.data.validUntil },
      );
    case 'VerificationConsumed':
      return line(
        'email',
        'email_verification_used',
        recorded.data.at,
        `Verified address used for ${PURPOSE_TEXT[recorded.data.purpose]}`,
        { purpose: recorded.data.purpose },
      );
    case 'InstagramVerificationRequested':
      return line(
        'instagram',
        'instagram_requested',
        recorded.data.requestedAt,
        recorded.data.replaces
          ? `Instagram code requested for @${recorded.data.profileName}, replacing an open request`
          : `Instagram code requested for @${recorded.data.profileName}`,
        {
          handle: recorded.data.profileName,
          requestId: recorded.data.requestId,
          validUntil: recorded.data.expiresAt,
        },
      );
    case 'InstagramOtpSent':
      return line(
        'instagram',
        'instagram_code_sent',
        recorded.data.at,
        'Instagram code sent by direct message',
        { requestId: recorded.data.requestId, by: recorded.data.sentBy },
      );
    case 'InstagramVerificationAttemptFailed':
      return line(
        'instagram',
        'instagram_attempt_failed',
        recorded.data.at,
        `Wrong Instagram code typed (attempt ${recorded.data.failedAttempts})`,
        { requestId: recorded.data.requestId, attempt: recorded.data.failedAttempts },
      );
    case 'InstagramAccountVerified':
      return line(
        'instagram',
        'instagram_verified',
        recorded.data.at,
        `Instagram account @${recorded.data.profileName} verified`,
        { requestId: recorded.data.requestId, handle: recorded.data.profileName },
      );
    case 'InstagramVerificationExpired':
      return line(
        'instagram',
        'instagram_expired',
        recorded.data.at,
        'Instagram code expired unused',
        { requestId: recorded.data.requestId },
      );
    case 'YouTubeChannelVerified': {
      const outcome = `${recorded.data.channelTitle} (${recorded.data.subscribers} subscribers)`;
      return line(
        'youtube',
        'youtube_verified',
        recorded.data.at,
        `YouTube channel verified: ${outcome}`,
        { handle: recorded.data.handle, outcome },
      );
    }
    case 'YouTubeVerificationFailed': {
      const outcome = YOUTUBE_FAILURES[recorded.data.reason] ?? recorded.data.reason;
      return line(
        'youtube',
        'youtube_failed',
        recorded.data.at,
        `YouTube check failed: ${outcome}`,
        { handle: recorded.data.handle, outcome },
      );
    }
    default:
      // Password changes, logouts, roles and Google links are not verifications.
      return null;
  }
};

/** The history line of one event of a user's verification streams, or null for other events. */
export const verificationLine = (
  userId: string,
  recorded: RecordedEvent<VerificationEvent>,
): VerificationLine | null => {
  const draft = draftOf(recorded);
  if (!draft) return null;
  return {
    id: recorded.id,
    userId,
    purpose: null,
    handle: null,
    requestId: null,
    attempt: null,
    validUntil: null,
    by: null,
    outcome: null,
    ...draft,
    actorUserId: recorded.metadata.actorUserId,
    correlationId: recorded.metadata.correlationId,
    streamId: recorded.streamId,
    revision: recorded.revision,
    position: recorded.position,
  };
};

/** Oldest first; one instant's events in log order. */
export const byTime = (a: VerificationLine, b: VerificationLine): number =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : a.position - b.position;

/** The history's columns, in the order of its CSV export. */
export const VERIFICATION_COLUMNS = [
  ['at', 'Time'],
  ['channel', 'Channel'],
  ['kind', 'Kind'],
  ['summary', 'What happened'],
  ['purpose', 'Purpose'],
  ['handle', 'Handle'],
  ['requestId', 'Request'],
  ['attempt', 'Attempt'],
  ['validUntil', 'Valid until'],
  ['by', 'Sent by'],
  ['outcome', 'Outcome'],
  ['actorUserId', 'Actor'],
  ['correlationId', 'Correlation id'],
  ['streamId', 'Stream'],
  ['revision', 'Revision'],
  ['id', 'Event id'],
] as const satisfies readonly (readonly [keyof VerificationLine, string])[];
