import type { InstagramVerificationEvent } from '@linkcoin/domain/verification/instagram.ts';
import {
  instagramVerificationDecider,
  instagramVerificationStreamId,
} from '@linkcoin/domain/verification/instagram.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Logger } from 'pino';
import type { ProcessManager } from '../../processes/process-manager.ts';

type Deadline = { id: string; userId: string; dueAt: string };
const DEADLINES = 'pm_instagram_deadlines';

/**
 * Instagram codes not verified within 5 hours expire (spec section 9). The process keeps one
 * deadline per open request and, at each tick, expires those that are due. Expiring is
 * idempotent, so a tick that runs twice, or after a restart, does no harm.
 */
export const instagramExpiry = (deps: {
  commands: CommandHandler;
  logger: Logger;
  tickMs: number;
}): ProcessManager => ({
  projection: {
    name: 'pm-instagram-expiry',
    version: 1,
    collections: [{ name: DEADLINES, indexes: [{ fields: ['dueAt'] }] }],
    eventTypes: [
      'InstagramVerificationRequested',
      'InstagramAccountVerified',
      'InstagramVerificationExpired',
    ],
    apply: async (recorded, tx) => {
      const event = recorded as RecordedEvent<InstagramVerificationEvent>;
      switch (event.type) {
        case 'InstagramVerificationRequested':
          if (event.data.replaces) await tx.delete(DEADLINES, event.data.replaces);
          await tx.put<Deadline>(DEADLINES, event.data.requestId, {
            id: event.data.requestId,
            userId: event.data.userId,
            dueAt: event.data.expiresAt,
          });
          break;
        case 'InstagramAccountVerified':
        case 'InstagramVerificationExpired':
          await tx.delete(DEADLINES, event.data.requestId);
          break;
      }
    },
  },
  tick: {
    intervalMs: deps.tickMs,
    run: async (now, state) => {
      const due = await state.collection<Deadline>(DEADLINES).find({
        where: { dueAt: { $lte: now.toISOString() } },
        sort: [['dueAt', 1]],
        limit: 100,
      });
      for (const deadline of due) {
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
      }
    },
  },
});
