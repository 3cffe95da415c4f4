import { randomUUID } from 'node:crypto';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import {
  INSTAGRAM_MESSAGES,
  instagramVerificationDecider,
  instagramVerificationStreamId,
  statusAt,
  type InstagramOtpStatus,
} from '@linkcoin/domain/verification/instagram.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Logger } from 'pino';
import type { ProjectionProgress } from '../../runtime/projection-progress.ts';
import { HttpError } from '../http/errors.ts';
import type { CodeVault } from './code-vault.ts';

const handleOf = (profileName: string) => profileName.trim().replace(/^@/, '').toLowerCase();

export type InstagramStatus = Readonly<{
  status: InstagramOtpStatus;
  profileName: string;
  profileUrl: string;
  requestedAt: string;
  expiresAt: string;
  /** Only for admins. */
  otp?: string;
}>;

export type InstagramVerificationDeps = Readonly<{
  commands: CommandHandler;
  vault: CodeVault;
  progress: ProjectionProgress;
  logger: Logger;
}>;

/** The Instagram verification use cases (DESIGN 5.2): the server compares; nobody but admins sees codes. */
export class InstagramVerificationService {
  readonly #deps: InstagramVerificationDeps;

  constructor(deps: InstagramVerificationDeps) {
    this.#deps = deps;
  }

  /** The creator asks for a code for one of the Instagram accounts on their profile. */
  async request(userId: string, profileName: string, profileUrl: string, meta: CommandMetadata) {
    const { commands, vault, progress } = this.#deps;
    const { state: profile } = await commands.load(profileDecider, profileStreamId(userId));
    const account = profile.accounts.find(
      (a) => a.platform === 'instagram' && handleOf(a.profileName) === handleOf(profileName),
    );
    if (!account) throw new HttpError(400, INSTAGRAM_MESSAGES.notInProfile);
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
          profileUrl: profileUrl || account.profileUrl,
          codeHash: vault.hash(requestId, code),
          sealedCode: vault.seal(code),
        },
        metadata: meta,
      },
    );
    await progress.waitFor(result.position);
    return { requestId, status: 'pending' as const };
  }

  async status(userId: string, now: Date, revealCode: boolean): Promise<InstagramStatus> {
    const { state } = await this.#deps.commands.load(
      instagramVerificationDecider,
      instagramVerificationStreamId(userId),
    );
    const current = state.current;
    if (!current) throw new HttpError(404, INSTAGRAM_MESSAGES.noOtp);
    return {
      status: statusAt(current, now),
      profileName: current.profileName,
      profileUrl: current.profileUrl,
      requestedAt: current.requestedAt,
      expiresAt: current.expiresAt,
      ...(revealCode ? { otp: this.#deps.vault.open(current.sealedCode) } : {}),
    };
  }

  /** The admin has sent the code by direct message. */
  async markSent(userId: string, meta: CommandMetadata): Promise<void> {
    const result = await this.#deps.commands.handle(
      instagramVerificationDecider,
      instagramVerificationStreamId(userId),
      { type: 'MarkInstagramOtpSent', data: {}, metadata: meta },
    );
    await this.#deps.progress.waitFor(result.position);
  }

  /** The creator types the code; on a match the account is verified on the profile too. */
  async verify(userId: string, otp: string, meta: CommandMetadata): Promise<void> {
    const { commands, vault, progress } = this.#deps;
    const stream = instagramVerificationStreamId(userId);
    const { state } = await commands.load(instagramVerificationDecider, stream);
    if (!state.current) throw new HttpError(404, INSTAGRAM_MESSAGES.noOtp);
    const result = await commands.handle(instagramVerificationDecider, stream, {
      type: 'VerifyInstagramOtp',
      data: { codeHash: vault.hash(state.current.requestId, otp) },
      metadata: meta,
    });
    const verified = result.events.find((event) => event.type === 'InstagramAccountVerified');
    if (!verified) throw new HttpError(400, INSTAGRAM_MESSAGES.invalidOtp);
    const position = await this.markProfileVerified(
      userId,
      verified.data.profileName,
      verified.data.requestId,
      meta,
    );
    await progress.waitFor(position ?? result.position);
  }

  /**
   * Marks the account verified on the profile. Also run by the verified-accounts process manager
   * (the same idempotency key), so a crash between the two appends heals itself.
   */
  async markProfileVerified(
    userId: string,
    profileName: string,
    requestId: string,
    meta: CommandMetadata,
  ): Promise<number | null> {
    try {
      const result = await this.#deps.commands.handle(profileDecider, profileStreamId(userId), {
        type: 'MarkAccountVerified',
        data: {
          platform: 'instagram',
          profileName,
          method: 'instagram_otp',
          followers: null,
          verificationId: requestId,
        },
        metadata: { ...meta, idempotencyKey: `instagram-verified-${requestId}` },
      });
      return result.position;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') {
        // The creator removed the account meanwhile: the verification stays on record.
        this.#deps.logger.warn(
          { userId },
          'verified Instagram account is no longer on the profile',
        );
        return null;
      }
      throw error;
    }
  }
}
