import type { AccountRegistered } from '@linkcoin/domain/accounts/account.ts';
import {
  EARLY_ADOPTERS_STREAM,
  earlyAdoptersDecider,
  type EarlyAdopterRule,
} from '@linkcoin/domain/directory/early-adopters.ts';
import { LISTED_ROLE } from '@linkcoin/domain/directory/entry.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';

/**
 * Seats the marketplace's first creators (domain/directory/early-adopters.ts): for every
 * creator's registration, in the log's order, it asks for a seat under the rule configured now;
 * the seats stream decides. A seat is the creator's once, so a batch replayed after a crash, or
 * a second node doing the same, never seats anyone twice (no idempotency key: the rule may have
 * changed between the two, and the stream's own answer is the one that counts).
 */
export const earlyAdopters = (deps: {
  commands: CommandHandler;
  rule: EarlyAdopterRule;
}): ProcessManager => ({
  projection: {
    name: 'pm-early-adopters',
    version: 1,
    collections: [],
    eventTypes: ['AccountRegistered'],
    apply: async (recorded) => {
      const { data, metadata } = recorded as RecordedEvent<AccountRegistered>;
      if (data.role !== LISTED_ROLE) return;
      await deps.commands.handle(earlyAdoptersDecider, EARLY_ADOPTERS_STREAM, {
        type: 'AwardEarlyAdopterBadge',
        data: { userId: data.userId, registeredAt: data.registeredAt, rule: deps.rule },
        metadata: {
          now: new Date(metadata.timestamp),
          actorUserId: null,
          correlationId: metadata.correlationId,
          causationId: recorded.id,
        },
      });
    },
  },
});
