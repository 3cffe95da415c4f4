import { accountStreamId, type AccountEvent } from '@linkcoin/domain/accounts/account.ts';
import { emailOtpStreamId, type EmailOtpEvent } from '@linkcoin/domain/accounts/email-otp.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import { userAsOf } from '@linkcoin/domain/audit/as-of.ts';
import type {
  AsOfAnswer,
  LedgerLine,
  VerificationChannel,
  VerificationLine,
} from '@linkcoin/domain/audit/contracts.ts';
import { auditLedgerLine, isWalletEvent } from '@linkcoin/domain/audit/ledger.ts';
import {
  byTime,
  verificationLine,
  type VerificationEvent,
} from '@linkcoin/domain/audit/verification-history.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  instagramVerificationStreamId,
  type InstagramVerificationEvent,
} from '@linkcoin/domain/verification/instagram.ts';
import {
  youTubeVerificationStreamId,
  type YouTubeVerificationEvent,
} from '@linkcoin/domain/verification/youtube.ts';
import { walletStreamId, type WalletEvent } from '@linkcoin/domain/wallet/wallet.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';

/** Stream pages read at once: a 10,000-event ledger is exported in ten reads. */
export const STREAM_PAGE = 1000;

export type AuditHistory = ReturnType<typeof auditHistory>;

/**
 * What auditors read straight from the event store, never from read models: a user's coin
 * ledger (their wallet stream), their verification history (their account, e-mail code,
 * Instagram and YouTube streams), and their state as of an instant (those streams replayed).
 */
export const auditHistory = ({ eventStore }: { eventStore: EventStore }) => {
  const read = <E extends RecordedEvent>(streamId: string) =>
    eventStore.readStream(streamId) as Promise<readonly E[]>;

  /** The account's events; a user id that names no account is refused (404). */
  const accountEvents = async (userId: string) => {
    const events = await read<RecordedEvent<AccountEvent>>(accountStreamId(userId));
    const registered = events.find((event) => event.type === 'AccountRegistered');
    if (!registered || registered.type !== 'AccountRegistered') {
      throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
    }
    return { events, email: registered.data.email };
  };

  const requireAccount = async (userId: string): Promise<void> => {
    await accountEvents(userId);
  };

  /** How many events the user's wallet stream holds. */
  const ledgerLength = async (userId: string): Promise<number> => {
    const [last] = await eventStore.readStream(walletStreamId(userId), {
      direction: 'backwards',
      maxCount: 1,
    });
    return last ? last.revision + 1 : 0;
  };

  const lines = (events: readonly RecordedEvent[]): LedgerLine[] =>
    events.filter(isWalletEvent).map(auditLedgerLine);

  /** One page of the ledger, oldest first (`asc`) or newest first, read by revision. */
  const ledgerPage = async (
    userId: string,
    page: { skip: number; limit: number; order: 'asc' | 'desc' },
  ): Promise<{ rows: LedgerLine[]; total: number }> => {
    const total = await ledgerLength(userId);
    if (page.skip >= total) return { rows: [], total };
    const events = await eventStore.readStream(
      walletStreamId(userId),
      page.order === 'asc'
        ? { fromRevision: page.skip, maxCount: page.limit }
        : { direction: 'backwards', fromRevision: total - 1 - page.skip, maxCount: page.limit },
    );
    return { rows: lines(events), total };
  };

  /** The whole ledger, oldest first, a page of the stream at a time. */
  async function* wholeLedger(userId: string): AsyncGenerator<LedgerLine> {
    for (let from = 0; ; from += STREAM_PAGE) {
      const events = await eventStore.readStream(walletStreamId(userId), {
        fromRevision: from,
        maxCount: STREAM_PAGE,
      });
      yield* lines(events);
      if (events.length < STREAM_PAGE) return;
    }
  }

  const userStreams = async (userId: string) => {
    const account = await accountEvents(userId);
    const [emailOtp, wallet, instagram, youtube] = await Promise.all([
      read<RecordedEvent<EmailOtpEvent>>(emailOtpStreamId(account.email)),
      read<RecordedEvent<WalletEvent>>(walletStreamId(userId)),
      read<RecordedEvent<InstagramVerificationEvent>>(instagramVerificationStreamId(userId)),
      read<RecordedEvent<YouTubeVerificationEvent>>(youTubeVerificationStreamId(userId)),
    ]);
    return { account: account.events, emailOtp, wallet, instagram, youtube };
  };

  /** Every verification step of the user, oldest first, optionally of one channel. */
  const verificationHistory = async (
    userId: string,
    channel?: VerificationChannel,
  ): Promise<VerificationLine[]> => {
    const streams = await userStreams(userId);
    const events: readonly RecordedEvent<VerificationEvent>[] = [
      ...streams.account,
      ...streams.emailOtp,
      ...streams.instagram,
      ...streams.youtube,
    ];
    return events
      .flatMap((event) => verificationLine(userId, event) ?? [])
      .filter((line) => !channel || line.channel === channel)
      .sort(byTime);
  };

  /** The user's wallet and verifications as the deciders knew them at `at`. */
  const asOf = async (userId: string, at: Date): Promise<AsOfAnswer> =>
    userAsOf(userId, await userStreams(userId), at);

  return { requireAccount, ledgerPage, wholeLedger, verificationHistory, asOf };
};
