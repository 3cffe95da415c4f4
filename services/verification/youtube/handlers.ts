import type { Logger } from 'pino';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { accountForHandle } from '@linkcoin/domain/verification/handles.ts';
import {
  handleClaimDecider,
  handleClaimStreamId,
} from '@linkcoin/domain/verification/handle-claim.ts';
import {
  claimHandleFor,
  claimOf,
  markVerifiedOnProfile,
} from '@linkcoin/domain/verification/mark-verified.ts';
import {
  YOUTUBE_MESSAGES,
  youTubeVerificationDecider,
  youTubeVerificationStreamId,
  type Channel,
  type YouTubeChannelVerified,
} from '@linkcoin/domain/verification/youtube.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { YouTubeClient } from '@linkcoin/infra/youtube/client.ts';
import type { ProjectionProgress } from '../../platform/projection-progress.ts';

export type YouTubeHandlerDeps = Readonly<{
  commands: CommandHandler;
  /** Null when YouTube verification is not configured. */
  client: YouTubeClient | null;
  progress: ProjectionProgress;
  logger: Logger;
}>;

/**
 * YouTube verification (docs/product-spec.md section 4): the channel found by the handle on the profile must be
 * the channel of the Google account the creator signed in with; then the account is verified
 * and its followers become the subscriber count.
 */
export const youTubeHandlers = ({ commands, client, progress, logger }: YouTubeHandlerDeps) => {
  /** Asks Google for both channels; a token not issued to this app is a failed verification. */
  const channelsOf = async (
    api: YouTubeClient,
    userId: string,
    handle: string,
    accessToken: string,
  ): Promise<[Channel | null, Channel | null]> => {
    try {
      if (await api.tokenIsOurs(accessToken)) {
        return await Promise.all([api.channelByHandle(handle), api.signedInChannel(accessToken)]);
      }
    } catch (error) {
      logger.warn({ err: error, userId }, 'YouTube verification could not reach Google');
      throw new DomainError('upstream', YOUTUBE_MESSAGES.failed);
    }
    logger.warn({ userId }, 'YouTube verification with a token not issued to this app');
    throw new DomainError('validation', YOUTUBE_MESSAGES.failed);
  };

  const verify = async (
    userId: string,
    handle: string,
    accessToken: string,
    meta: CommandMetadata,
  ): Promise<Channel> => {
    if (!client) throw new DomainError('not_found', YOUTUBE_MESSAGES.notAvailable);
    const { state: profile } = await commands.load(profileDecider, profileStreamId(userId));
    const account = accountForHandle(profile.accounts, 'youtube', handle);
    if (!account) {
      throw new DomainError(
        'validation',
        'Add this YouTube account to your profile and save it first.',
      );
    }
    const [channelByHandle, signedInChannel] = await channelsOf(
      client,
      userId,
      account.profileName,
      accessToken,
    );
    const result = await commands.handle(
      youTubeVerificationDecider,
      youTubeVerificationStreamId(userId),
      {
        type: 'RecordYouTubeVerification',
        data: { handle: account.profileName, channelByHandle, signedInChannel },
        metadata: meta,
      },
    );
    const verified = result.events.find(
      (event): event is RecordedEvent<YouTubeChannelVerified> =>
        event.type === 'YouTubeChannelVerified',
    );
    if (!verified) {
      await progress.waitFor(result.position);
      throw new DomainError('validation', YOUTUBE_MESSAGES.failed);
    }
    // One verified owner per channel: the same claim, with the same key, as the verified-accounts
    // process sends. Held by another creator, it is refused here (409, with the offer to ask the
    // desk); the verification stays on record and the desk lists both.
    const claim = claimOf(verified);
    await commands.handle(
      handleClaimDecider,
      handleClaimStreamId(claim.platform, claim.key),
      claimHandleFor(verified, meta),
    );
    // The same command, with the same key, as the verified-accounts process manager sends.
    const marked = await commands.handle(
      profileDecider,
      profileStreamId(userId),
      markVerifiedOnProfile(verified, meta),
    );
    await progress.waitFor(marked.position);
    return {
      id: verified.data.channelId,
      title: verified.data.channelTitle,
      subscribers: verified.data.subscribers,
    };
  };

  return { available: client !== null, verify };
};

export type YouTubeHandlers = ReturnType<typeof youTubeHandlers>;
