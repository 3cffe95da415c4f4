import type { Logger } from 'pino';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata, RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  handleClaimDecider,
  handleClaimStreamId,
  type HandleAssigned,
} from '@linkcoin/domain/verification/handle-claim.ts';
import type { InstagramAccountVerified } from '@linkcoin/domain/verification/instagram.ts';
import {
  assignmentCommands,
  claimHandleFor,
  claimOf,
  markVerifiedOnProfile,
  verifiedUserId,
} from '@linkcoin/domain/verification/mark-verified.ts';
import type { YouTubeChannelVerified } from '@linkcoin/domain/verification/youtube.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';

type Followed = RecordedEvent<InstagramAccountVerified | YouTubeChannelVerified | HandleAssigned>;

/**
 * A verification, the claim of its handle (one verified owner per handle) and the profile's
 * verified flag live in three streams. The request that verifies writes all three; this process
 * makes sure the others follow the first even if that request died in between, sending the same
 * commands with the same idempotency keys (`claimHandleFor`, `markVerifiedOnProfile`), so it
 * never acts twice. A verification whose handle another creator holds is not marked: the desk
 * lists both (handle-claims.ts). A desk assignment (HandleAssigned) is carried to the profiles
 * the same way (`assignmentCommands`).
 *
 * Version 2 replays the whole log once: verifications recorded before handles had owners claim
 * them in the order they happened, so the first verified owner keeps the handle and later ones
 * are left to the desk.
 */
export const verifiedAccounts = (deps: {
  commands: CommandHandler;
  logger: Logger;
}): ProcessManager => {
  /** A refusal (the account left the profile, the handle is someone else's) is final. */
  const finalRefusal = (error: unknown, userId: string, what: string): boolean => {
    if (!(error instanceof DomainError)) return false;
    deps.logger.warn({ userId, reason: error.message }, what);
    return true;
  };
  return {
    projection: {
      name: 'pm-verified-accounts',
      // 2: claims the handle of each verification; carries desk assignments to the profiles.
      version: 2,
      collections: [],
      eventTypes: ['InstagramAccountVerified', 'YouTubeChannelVerified', 'HandleAssigned'],
      apply: async (recorded) => {
        const event = recorded as Followed;
        const meta: CommandMetadata = {
          now: new Date(event.metadata.timestamp),
          actorUserId: null,
          correlationId: event.metadata.correlationId,
          causationId: event.id,
        };
        if (event.type === 'HandleAssigned') {
          const { withdraw, mark } = assignmentCommands(event, meta);
          for (const { userId, command } of [...withdraw, mark]) {
            try {
              await deps.commands.handle(profileDecider, profileStreamId(userId), command);
            } catch (error) {
              if (!finalRefusal(error, userId, 'desk assignment not carried to a profile')) {
                throw error;
              }
            }
          }
          return;
        }
        const userId = verifiedUserId(event);
        const claim = claimOf(event);
        try {
          await deps.commands.handle(
            handleClaimDecider,
            handleClaimStreamId(claim.platform, claim.key),
            claimHandleFor(event, meta),
          );
          await deps.commands.handle(
            profileDecider,
            profileStreamId(userId),
            markVerifiedOnProfile(event, meta),
          );
        } catch (error) {
          if (!finalRefusal(error, userId, 'verified account not marked on the profile')) {
            throw error;
          }
        }
      },
    },
  };
};
