import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { InstagramAccountVerified } from '@linkcoin/domain/verification/instagram.ts';
import {
  markVerifiedOnProfile,
  verifiedUserId,
} from '@linkcoin/domain/verification/mark-verified.ts';
import type { YouTubeChannelVerified } from '@linkcoin/domain/verification/youtube.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Logger } from 'pino';
import type { ProcessManager } from '../processes/process-manager.ts';

/**
 * A verification and the profile's verified flag live in two streams. The request that verifies
 * writes both; this process makes sure the second follows the first even if that request died in
 * between. It sends the same command with the same idempotency key (`markVerifiedOnProfile`), so
 * it never acts twice.
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
      const userId = verifiedUserId(event);
      try {
        await deps.commands.handle(
          profileDecider,
          profileStreamId(userId),
          markVerifiedOnProfile(event, {
            now: new Date(event.metadata.timestamp),
            actorUserId: null,
            correlationId: event.metadata.correlationId,
            causationId: event.id,
          }),
        );
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
