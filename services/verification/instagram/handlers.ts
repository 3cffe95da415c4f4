import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { accountForHandle } from '@linkcoin/domain/verification/handles.ts';
import {
  INSTAGRAM_MESSAGES,
  instagramVerificationDecider,
  instagramVerificationStreamId,
  statusAt,
  type InstagramAccountVerified,
  type InstagramOtpStatus,
} from '@linkcoin/domain/verification/instagram.ts';
import {
  markVerifiedOnProfile,
  type RecordedVerification,
} from '@linkcoin/domain/verification/mark-verified.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ProjectionProgress } from '../../runtime/projection-progress.ts';
import type { CodeVault } from './code-vault.ts';

export type InstagramStatus = Readonly<{
  status: InstagramOtpStatus;
  profileName: string;
  profileUrl: string;
  requestedAt: string;
  expiresAt: string;
  /** Only for admins. */
  otp?: string;
}>;

export type InstagramHandlerDeps = Readonly<{
  commands: CommandHandler;
  vault: CodeVault;
  progress: ProjectionProgress;
  logger: Logger;
}>;

/**
 * The Instagram verification use cases (DESIGN 5.2): the server compares; nobody but admins sees
 * codes. Refusals are `DomainError`s (the decider's, and these handlers' own).
 */
export const instagramHandlers = ({ commands, vault, progress, logger }: InstagramHandlerDeps) => {
  /**
   * Marks the account verified on the profile: the same command, with the same idempotency key,
   * as the verified-accounts process manager sends (`markVerifiedOnProfile`), so a crash between
   * the two appends heals itself. Answers the position to wait for, or null when the creator
   * removed the account meanwhile (the verification stays on record).
   */
  const markProfileVerified = async (
    verified: RecordedVerification,
    userId: string,
    meta: CommandMetadata,
  ): Promise<number | null> => {
    try {
      const result = await commands.handle(
        profileDecider,
        profileStreamId(userId),
        markVerifiedOnProfile(verified, meta),
      );
      return result.position;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') {
        logger.warn({ userId }, 'verified Instagram account is no longer on the profile');
        return null;
      }
      throw error;
    }
  };

  /**
   * The creator asks for a code for one of the Instagram accounts on their profile. The link the
   * admin follows to send it is derived from the handle by the decider: no client gives it.
   */
  const request = async (userId: string, profileName: string, meta: CommandMetadata) => {
    const { state: profile } = await commands.load(profileDecider, profileStreamId(userId));
    const account = accountForHandle(profile.accounts, 'instagram', profileName);
    if (!account) throw new DomainError('validation', INSTAGRAM_MESSAGES.notInProfile);
    const requestId = randomUUID();
    const code = vault.generate();
    const result = await commands.handle(
      instagramVerificationDecider,
      instagramVerificationStreamId(userId),
      {
        type: 'RequestInstagramVerification',
        data: {
          requestId,
          userId,
          profileName: account.profileName,
          codeHash: vault.hash(requestId, code),
          sealedCode: vault.seal(code),
        },
        metadata: meta,
      },
    );
    await progress.waitFor(result.position);
    return { requestId, status: 'pending' as const };
  };

  /** A user's current request as of `now`; the code only when `revealCode` (admins). */
  const status = async (
    userId: string,
    now: Date,
    revealCode: boolean,
  ): Promise<InstagramStatus> => {
    const { state } = await commands.load(
      instagramVerificationDecider,
      instagramVerificationStreamId(userId),
    );
    const current = state.current;
    if (!current) throw new DomainError('not_found', INSTAGRAM_MESSAGES.noOtp);
    return {
      status: statusAt(current, now),
      profileName: current.profileName,
      profileUrl: current.profileUrl,
      requestedAt: current.requestedAt,
      expiresAt: current.expiresAt,
      ...(revealCode ? { otp: vault.open(current.sealedCode) } : {}),
    };
  };

  /**
   * The admin has sent this request's code by direct message (the console's record). Refused
   * when a newer request replaced it: the newer code is still to be sent.
   */
  const markSent = async (
    userId: string,
    requestId: string,
    meta: CommandMetadata,
  ): Promise<void> => {
    const result = await commands.handle(
      instagramVerificationDecider,
      instagramVerificationStreamId(userId),
      { type: 'MarkInstagramOtpSent', data: { requestId }, metadata: meta },
    );
    await progress.waitFor(result.position);
  };

  /**
   * The spec's `send-status` with status "send" names no request: it marks the user's current
   * one, as it stands when the call arrives.
   */
  const markCurrentSent = async (userId: string, meta: CommandMetadata): Promise<void> => {
    const { state } = await commands.load(
      instagramVerificationDecider,
      instagramVerificationStreamId(userId),
    );
    if (!state.current) throw new DomainError('not_found', INSTAGRAM_MESSAGES.noOtp);
    await markSent(userId, state.current.requestId, meta);
  };

  /** The creator types the code; on a match the account is verified on the profile too. */
  const verify = async (userId: string, otp: string, meta: CommandMetadata): Promise<void> => {
    const stream = instagramVerificationStreamId(userId);
    const { state } = await commands.load(instagramVerificationDecider, stream);
    if (!state.current) throw new DomainError('not_found', INSTAGRAM_MESSAGES.noOtp);
    const result = await commands.handle(instagramVerificationDecider, stream, {
      type: 'VerifyInstagramOtp',
      data: { codeHash: vault.hash(state.current.requestId, otp) },
      metadata: meta,
    });
    const verified = result.events.find(
      (event): event is RecordedEvent<InstagramAccountVerified> =>
        event.type === 'InstagramAccountVerified',
    );
    if (!verified) throw new DomainError('validation', INSTAGRAM_MESSAGES.invalidOtp);
    const position = await markProfileVerified(verified, userId, meta);
    await progress.waitFor(position ?? result.position);
  };

  return { request, status, markSent, markCurrentSent, verify };
};

export type InstagramHandlers = ReturnType<typeof instagramHandlers>;
