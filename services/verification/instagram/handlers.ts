import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  assertTriesLeft,
  claimedByOther,
  claimKey,
  handleClaimDecider,
  handleClaimStreamId,
} from '@linkcoin/domain/verification/handle-claim.ts';
import { accountForHandle } from '@linkcoin/domain/verification/handles.ts';
import {
  assertRequestAllowed,
  INSTAGRAM_MESSAGES,
  instagramVerificationDecider,
  instagramVerificationStreamId,
  openRequestFor,
  statusAt,
  type InstagramAccountVerified,
  type InstagramOtpStatus,
} from '@linkcoin/domain/verification/instagram.ts';
import {
  claimHandleFor,
  markVerifiedOnProfile,
  type RecordedVerification,
} from '@linkcoin/domain/verification/mark-verified.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ProjectionProgress } from '../../platform/projection-progress.ts';
import type { AddressCaps } from './address-caps.ts';
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

/** Runs `work`; when it fails, gives the address's point back (`release`) and fails too. */
const givenBackOnFailure = async <T>(
  release: () => Promise<void>,
  work: () => Promise<T>,
): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    await release();
    throw error;
  }
};

/** A code request: a new one, or the one still open for that handle (`open`). */
export type RequestAnswer = Readonly<{
  requestId: string;
  status: InstagramOtpStatus;
  open: boolean;
}>;

export type InstagramHandlerDeps = Readonly<{
  commands: CommandHandler;
  vault: CodeVault;
  progress: ProjectionProgress;
  caps: AddressCaps;
  logger: Logger;
}>;

/**
 * The Instagram verification use cases (DESIGN 5.2): the server compares; nobody but admins sees
 * codes. A code counts only once the desk sent it; requests and wrong codes are capped per
 * account (the verification stream), per handle (the handle's claim stream) and per client
 * address; a handle has one verified owner (`handle-claim.ts`). Refusals are `DomainError`s.
 */
export const instagramHandlers = ({
  commands,
  vault,
  progress,
  caps,
  logger,
}: InstagramHandlerDeps) => {
  const claimStream = (handle: string) =>
    handleClaimStreamId('instagram', claimKey('instagram', handle));

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
   * The creator asks for a code for one of the Instagram accounts on their profile. While a
   * request for that handle is open it is the answer (no new request, no new row on the desk);
   * otherwise the request is counted against the handle (refused when another creator holds it
   * or its requests of the day are used up) and recorded. The link the admin follows is derived
   * from the handle by the decider: no client gives it.
   */
  const request = async (
    userId: string,
    profileName: string,
    meta: CommandMetadata,
    address: string,
  ): Promise<RequestAnswer> => {
    const { state: profile } = await commands.load(profileDecider, profileStreamId(userId));
    const account = accountForHandle(profile.accounts, 'instagram', profileName);
    if (!account) throw new DomainError('validation', INSTAGRAM_MESSAGES.notInProfile);
    const handle = account.profileName;
    const stream = instagramVerificationStreamId(userId);
    const { state } = await commands.load(instagramVerificationDecider, stream);
    const open = openRequestFor(state, handle, meta.now);
    if (open) return { requestId: open.requestId, status: statusAt(open, meta.now), open: true };
    // Refused here first (the decider asks again), so a refused request counts nowhere.
    assertRequestAllowed(state, handle, meta.now);
    // The address's point is taken first (requests arriving at once each need one), and given
    // back when nothing is recorded.
    const release = await caps.reserve('requests', address);
    const requestId = randomUUID();
    const result = await givenBackOnFailure(release, async () => {
      await commands.handle(handleClaimDecider, claimStream(handle), {
        type: 'CountCodeRequest',
        data: { platform: 'instagram', key: claimKey('instagram', handle), userId, requestId },
        metadata: meta,
      });
      const code = vault.generate();
      return commands.handle(instagramVerificationDecider, stream, {
        type: 'RequestInstagramVerification',
        data: {
          requestId,
          userId,
          profileName: handle,
          codeHash: vault.hash(requestId, code),
          sealedCode: vault.seal(code),
        },
        metadata: meta,
      });
    });
    // A request that raced another to the open one recorded nothing: its point goes back, and
    // it answers the open request, as asking again does.
    if (!result.events.some((event) => event.type === 'InstagramVerificationRequested')) {
      await release();
      const opened = openRequestFor(result.state, handle, meta.now);
      if (opened) {
        await progress.waitFor(result.position);
        return { requestId: opened.requestId, status: statusAt(opened, meta.now), open: true };
      }
    }
    await progress.waitFor(result.position);
    return { requestId, status: 'pending', open: false };
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

  /**
   * The creator types the code. Refused before it uses a try: no code sent yet (the decider),
   * the handle held by another creator, the day's wrong codes used up (per handle, per address).
   * A wrong code counts against the account, the handle and the address. A right one claims the
   * handle (one verified owner: losing a race is answered like the refusal, the desk lists both
   * verifications) and marks the account verified on the profile.
   */
  const verify = async (
    userId: string,
    otp: string,
    meta: CommandMetadata,
    address: string,
  ): Promise<void> => {
    const stream = instagramVerificationStreamId(userId);
    const { state } = await commands.load(instagramVerificationDecider, stream);
    const current = state.current;
    if (!current) throw new DomainError('not_found', INSTAGRAM_MESSAGES.noOtp);
    const claims = claimStream(current.profileName);
    const { state: claim } = await commands.load(handleClaimDecider, claims);
    const taken = claimedByOther(claim, 'instagram', userId);
    if (taken) throw taken;
    assertTriesLeft(claim, meta.now);
    // A try from the address is taken first (codes typed at once each need one); a right code,
    // or one refused before it counted, gives it back.
    const release = await caps.reserve('tries', address);
    const result = await givenBackOnFailure(release, () =>
      commands.handle(instagramVerificationDecider, stream, {
        type: 'VerifyInstagramOtp',
        data: { codeHash: vault.hash(current.requestId, otp) },
        metadata: meta,
      }),
    );
    const verified = result.events.find(
      (event): event is RecordedEvent<InstagramAccountVerified> =>
        event.type === 'InstagramAccountVerified',
    );
    if (verified) await release();
    if (!verified) {
      await commands.handle(handleClaimDecider, claims, {
        type: 'CountFailedAttempt',
        data: {
          platform: 'instagram',
          key: claimKey('instagram', current.profileName),
          userId,
          requestId: current.requestId,
        },
        metadata: meta,
      });
      throw new DomainError('validation', INSTAGRAM_MESSAGES.invalidOtp);
    }
    // The same claim, with the same key, as the verified-accounts process sends.
    await commands.handle(handleClaimDecider, claims, claimHandleFor(verified, meta));
    const position = await markProfileVerified(verified, userId, meta);
    await progress.waitFor(position ?? result.position);
  };

  return { request, status, markSent, markCurrentSent, verify };
};

export type InstagramHandlers = ReturnType<typeof instagramHandlers>;
