import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { InstagramAccountVerified } from '@linkcoin/domain/verification/instagram.ts';
import type { YouTubeChannelVerified } from '@linkcoin/domain/verification/youtube.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Logger } from 'pino';
import type { ProcessManager } from './process-manager.ts';

/**
 * A verification and the profile's verified flag live in two streams. The request that verifies
 * writes both; this process makes sure the second follows the first even if that request died in
 * between. It sends the same command with the same idempotency key, so it never acts twice.
 */
export const verifiedAccounts = (deps: {
  commands: CommandHandler;
  logger: Logger;
}): ProcessManager => ({
  projection: {
    name: 'pm-verified-accounts',
    version: 1,
    collections: [],
    eventTypes: ['InstagramAccountVerified', 'YouTubeChannelVerified'],
    apply: async (recorded) => {
      const event = recorded as RecordedEvent<InstagramAccountVerified | YouTubeChannelVerified>;
      const userId = event.streamId.slice(event.streamId.indexOf('-') + 1);
      const instagram = event.type === 'InstagramAccountVerified';
      try {
        await deps.commands.handle(profileDecider, profileStreamId(userId), {
          type: 'MarkAccountVerified',
          data: instagram
            ? {
                platform: 'instagram',
                profileName: event.data.profileName,
                method: 'instagram_otp',
                followers: null,
                verificationId: event.data.requestId,
              }
            : {
                platform: 'youtube',
                profileName: (event as RecordedEvent<YouTubeChannelVerified>).data.handle,
                method: 'youtube_oauth',
                followers: (event as RecordedEvent<YouTubeChannelVerified>).data.subscribers,
                verificationId: event.id,
              },
          metadata: {
            now: new Date(event.metadata.timestamp),
            actorUserId: null,
            correlationId: event.metadata.correlationId,
            causationId: event.id,
            idempotencyKey: instagram
              ? `instagram-verified-${(event as RecordedEvent<InstagramAccountVerified>).data.requestId}`
              : `youtube-verified-${event.id}`,
          },
        });
      } catch (error) {
        // A refusal (the account left the profile since) is final: nothing to retry.
        if (error instanceof DomainError) {
          deps.logger.warn(
            { userId, reason: error.message },
            'verified account not marked on the profile',
          );
          return;
        }
        throw error;
      }
    },
  },
});
