/**
 * A user's wallet and verifications "as of" an instant (docs/design.md section 6): the user's streams
 * replayed up to that instant with the deciders' own `evolve`, so the answer is what the
 * deciders themselves knew then, whatever the read models say now.
 */
import { accountDecider, rolesOf, type AccountEvent } from '../accounts/account.ts';
import { emailOtpDecider, otpStatus, type EmailOtpEvent } from '../accounts/email-otp.ts';
import { fold } from '../shared/decider.ts';
import type { RecordedEvent } from '../shared/messages.ts';
import {
  instagramVerificationDecider,
  statusAt,
  type InstagramVerificationEvent,
} from '../verification/instagram.ts';
import {
  youTubeVerificationDecider,
  type YouTubeVerificationEvent,
} from '../verification/youtube.ts';
import {
  connectionsOf,
  creditCounts,
  isExpired,
  listedConnectionId,
  walletDecider,
  type WalletEvent,
} from '../wallet/wallet.ts';
import type { AsOfAnswer, ConnectionAsOf } from './contracts.ts';

/** The streams of one user an "as of" replays, each in stream order. */
export type UserStreams = Readonly<{
  account: readonly RecordedEvent<AccountEvent>[];
  /** The account's address's e-mail codes (empty before the account is known). */
  emailOtp: readonly RecordedEvent<EmailOtpEvent>[];
  wallet: readonly RecordedEvent<WalletEvent>[];
  instagram: readonly RecordedEvent<InstagramVerificationEvent>[];
  youtube: readonly RecordedEvent<YouTubeVerificationEvent>[];
}>;

/** An event belongs to the past of `at` when it was recorded at or before it. */
export const recordedBy = <E extends RecordedEvent>(
  events: readonly E[],
  at: Date,
): readonly E[] => {
  const limit = at.getTime();
  // Streams are in order, and their timestamps come from one clock per decision: stop at the
  // first event recorded later.
  const end = events.findIndex((event) => Date.parse(event.metadata.timestamp) > limit);
  return end === -1 ? events : events.slice(0, end);
};

/** The user's state at `at`, from the streams' events up to it. */
export const userAsOf = (userId: string, streams: UserStreams, at: Date): AsOfAnswer => {
  const account = recordedBy(streams.account, at);
  const emailOtp = recordedBy(streams.emailOtp, at);
  const walletEvents = recordedBy(streams.wallet, at);
  const instagramEvents = recordedBy(streams.instagram, at);
  const youtubeEvents = recordedBy(streams.youtube, at);

  const accountState = fold(accountDecider, account);
  const email = fold(emailOtpDecider, emailOtp);
  const wallet = fold(walletDecider, walletEvents);
  const instagram = fold(instagramVerificationDecider, instagramEvents);
  const youtube = fold(youTubeVerificationDecider, youtubeEvents);
  const registered = accountState.status === 'active';
  const emailProof = account.find((event) => event.type === 'AccountRegistered')?.data.emailProof;

  const connections: ConnectionAsOf[] = connectionsOf(wallet)
    .map((connection) => ({
      connectionId: connection.connectionId,
      targetUserId: connection.targetUserId,
      addedAt: connection.addedAt,
      expiresAt: connection.expiresAt,
      removedAt: connection.removedAt,
      refunded: connection.refunded,
      open:
        listedConnectionId(wallet, connection.targetUserId) === connection.connectionId &&
        !isExpired(connection, at),
    }))
    .sort((a, b) => (a.addedAt < b.addedAt ? 1 : a.addedAt > b.addedAt ? -1 : 0));

  return {
    userId,
    at: at.toISOString(),
    account: {
      registered,
      ownerName: registered ? accountState.ownerName : null,
      email: registered ? accountState.email : null,
      roles: registered ? rolesOf(accountState) : [],
      emailProof: emailProof ?? null,
    },
    wallet: {
      balance: wallet.balance,
      events: walletEvents.length,
      lastEventAt: wallet.updatedAt,
      ...creditCounts(wallet),
      connections,
    },
    verification: {
      email: {
        status: otpStatus(email, at),
        purpose: email.current?.purpose ?? null,
        issuedAt: email.current?.issuedAt ?? null,
        events: emailOtp.length,
      },
      instagram: {
        status: instagram.current ? statusAt(instagram.current, at) : null,
        handle: instagram.current?.profileName ?? null,
        requestedAt: instagram.current?.requestedAt ?? null,
        expiresAt: instagram.current?.expiresAt ?? null,
        failedAttempts: instagram.current?.failedAttempts ?? 0,
        verifiedHandles: [...instagram.verifiedHandles],
        events: instagramEvents.length,
      },
      youtube: { verifiedChannels: [...youtube.verifiedChannels], events: youtubeEvents.length },
    },
  };
};
