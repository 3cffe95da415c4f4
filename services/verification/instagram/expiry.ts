import type { InstagramVerificationEvent } from '@linkcoin/domain/verification/instagram.ts';
import {
  instagramVerificationDecider,
  instagramVerificationStreamId,
} from '@linkcoin/domain/verification/instagram.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Logger } from 'pino';
import { deadlineProcess } from '../../platform/processes/deadlines.ts';
import type { ProcessManager } from '../../platform/processes/process-manager.ts';

/**
 * Instagram codes not verified within 5 hours expire (docs/product-spec.md section 9): one deadline per open
 * request; a new request replaces the one it supersedes.
 */
export const instagramExpiry = (deps: {
  commands: CommandHandler;
  logger: Logger;
  tickMs: number;
}): ProcessManager =>
  deadlineProcess<{ userId: string }>({
    name: 'pm-instagram-expiry',
    collection: 'pm_instagram_deadlines',
    eventTypes: [
      'InstagramVerificationRequested',
      'InstagramAccountVerified',
      'InstagramVerificationExpired',
    ],
    onEvent: (recorded) => {
      const event = recorded as RecordedEvent<InstagramVerificationEvent>;
      switch (event.type) {
        case 'InstagramVerificationRequested':
          return {
            clear: event.data.replaces ? [event.data.replaces] : [],
            set: {
              id: event.data.requestId,
              userId: event.data.userId,
              dueAt: event.data.expiresAt,
            },
          };
        case 'InstagramAccountVerified':
        case 'InstagramVerificationExpired':
          return { clear: [event.data.requestId] };
        default:
          return {};
      }
    },
    fire: async (deadline, now) => {
      await deps.commands.handle(
        instagramVerificationDecider,
        instagramVerificationStreamId(deadline.userId),
        {
          type: 'ExpireInstagramVerification',
          data: { requestId: deadline.id },
          metadata: {
            now,
            actorUserId: null,
            correlationId: `instagram-expiry-${deadline.id}`,
            causationId: deadline.id,
            idempotencyKey: `instagram-expired-${deadline.id}`,
          },
        },
      );
      deps.logger.info({ requestId: deadline.id }, 'Instagram verification code expired');
    },
    tickMs: deps.tickMs,
    logger: deps.logger,
  });
