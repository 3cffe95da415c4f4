import type { AccountRegistered } from '@linkcoin/domain/accounts/account.ts';
import { LISTED_ROLE } from '@linkcoin/domain/directory/entry.ts';
import type { NewCreatorBoostEnded } from '@linkcoin/domain/directory/listing.ts';
import { boostEndsAt } from '@linkcoin/domain/directory/ranking.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { Logger } from 'pino';
import { deadlineProcess } from '../platform/processes/deadlines.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';
import type { DirectoryHandlers } from './handlers.ts';

/**
 * Ends each creator's new-creator boost 30 days after sign-up (NewCreatorBoostEnded on
 * `listing-{userId}`), so the directory's rank changes by an event and stays an index.
 */
export const newCreatorBoost = (deps: {
  directory: DirectoryHandlers;
  logger: Logger;
  tickMs: number;
}): ProcessManager =>
  deadlineProcess<{ registeredAt: string }>({
    name: 'pm-new-creator-boost',
    collection: 'pm_boost_deadlines',
    eventTypes: ['AccountRegistered', 'NewCreatorBoostEnded'],
    onEvent: (recorded) => {
      if (recorded.type === 'AccountRegistered') {
        const { data } = recorded as RecordedEvent<AccountRegistered>;
        if (data.role !== LISTED_ROLE) return {};
        return {
          set: {
            id: data.userId,
            dueAt: boostEndsAt(data.registeredAt),
            registeredAt: data.registeredAt,
          },
        };
      }
      return { clear: [(recorded as RecordedEvent<NewCreatorBoostEnded>).data.userId] };
    },
    fire: (deadline, now) =>
      deps.directory.endBoost(deadline.id, deadline.registeredAt, {
        now,
        actorUserId: null,
        correlationId: `boost-end-${deadline.id}`,
        causationId: deadline.id,
      }),
    tickMs: deps.tickMs,
    logger: deps.logger,
  });
