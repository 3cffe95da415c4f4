import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import {
  YOUTUBE_MESSAGES,
  youTubeVerificationDecider,
  youTubeVerificationStreamId,
  type Channel,
} from '@linkcoin/domain/verification/youtube.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Logger } from 'pino';
import type { ProjectionProgress } from '../../runtime/projection-progress.ts';
import { HttpError } from '../http/errors.ts';
import type { YouTubeClient } from './youtube-client.ts';

const handleOf = (name: string) => name.trim().replace(/^@/, '').toLowerCase();

export type YouTubeVerificationDeps = Readonly<{
  commands: CommandHandler;
  /** Null when YouTube verification is not configured. */
  client: YouTubeClient | null;
  progress: ProjectionProgress;
  logger: Logger;
}>;

/**
 * YouTube verification (spec section 4): the channel found by the handle on the profile must be
 * the channel of the Google account the creator signed in with; then the account is verified
 * and its followers become the subscriber count.
 */
export class YouTubeVerificationService {
  readonly #deps: YouTubeVerificationDeps;

  constructor(deps: YouTubeVerificationDeps) {
    this.#deps = deps;
  }

  get available(): boolean {
    return this.#deps.client !== null;
  }

  async verify(
    userId: string,
    handle: string,
    accessToken: string,
    meta: CommandMetadata,
  ): Promise<Channel> {
    const { commands, client, progress, logger } = this.#deps;
    if (!client) throw new HttpError(404, YOUTUBE_MESSAGES.notAvailable);
    const { state: profile } = await commands.load(profileDecider, profileStreamId(userId));
    const account = profile.accounts.find(
      (a) => a.platform === 'youtube' && handleOf(a.profileName) === handleOf(handle),
    );
    if (!account)
      throw new HttpError(400, 'Add this YouTube account to your profile and save it first.');
    let channelByHandle: Channel | null;
    let signedInChannel: Channel | null;
    try {
      if (!(await client.tokenIsOurs(accessToken))) {
        logger.warn({ userId }, 'YouTube verification with a token not issued to this app');
        throw new HttpError(400, YOUTUBE_MESSAGES.failed);
      }
      [channelByHandle, signedInChannel] = await Promise.all([
        client.channelByHandle(account.profileName),
        client.signedInChannel(accessToken),
      ]);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      logger.warn({ err: error, userId }, 'YouTube verification could not reach Google');
      throw new HttpError(502, YOUTUBE_MESSAGES.failed);
    }
    const result = await commands.handle(
      youTubeVerificationDecider,
      youTubeVerificationStreamId(userId),
      {
        type: 'RecordYouTubeVerification',
        data: { handle: account.profileName, channelByHandle, signedInChannel },
        metadata: meta,
      },
    );
    const verified = result.events.find((event) => event.type === 'YouTubeChannelVerified');
    if (!verified) {
      await progress.waitFor(result.position);
      throw new HttpError(400, YOUTUBE_MESSAGES.failed);
    }
    const marked = await commands.handle(profileDecider, profileStreamId(userId), {
      type: 'MarkAccountVerified',
      data: {
        platform: 'youtube',
        profileName: account.profileName,
        method: 'youtube_oauth',
        followers: verified.data.subscribers,
        verificationId: verified.id,
      },
      metadata: { ...meta, idempotencyKey: `youtube-verified-${verified.id}` },
    });
    await progress.waitFor(marked.position);
    return {
      id: verified.data.channelId,
      title: verified.data.channelTitle,
      subscribers: verified.data.subscribers,
    };
  }
}
