import type { AccountRegistered } from '@linkcoin/domain/accounts/account.ts';
import {
  EARLY_ADOPTERS_STREAM,
  earlyAdoptersDecider,
  type EarlyAdopterRule,
} from '@linkcoin/domain/directory/early-adopters.ts';
import { LISTED_ROLE } from '@linkcoin/domain/directory/entry.ts';
import { profileStreamId, type SocialAccountVerified } from '@linkcoin/domain/profiles/profile.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';

/** Creators who signed up, with when, until their first verified account (this PM's own). */
export const EARLY_ADOPTER_SIGNUPS = 'early_adopter_signups';
type Signup = Readonly<{ registeredAt: string }>;

/**
 * Seats the marketplace's first verified creators (domain/directory/early-adopters.ts): it
 * keeps each creator's sign-up, and when one of their social accounts is first verified (an
 * admin-checked Instagram code or a YouTube sign-in) it asks for a seat under the rule
 * configured now, with the sign-up time the rule's window reads; the seats stream decides, in
 * the log's order. Sign-ups alone take no seat, so a script registering a thousand accounts
 * cannot squat the badge. A seat is the creator's once, so a batch replayed after a crash, or a
 * second node doing the same, never seats anyone twice (no idempotency key: the rule may have
 * changed between the two, and the stream's own answer is the one that counts).
 */
export const earlyAdopters = (deps: {
  commands: CommandHandler;
  rule: EarlyAdopterRule;
}): ProcessManager => ({
  projection: {
    name: 'pm-early-adopters',
    // 2: a seat at the first verified account, not at the sign-up.
    version: 2,
    collections: [{ name: EARLY_ADOPTER_SIGNUPS }],
    eventTypes: ['AccountRegistered', 'SocialAccountVerified'],
    apply: async (recorded, tx) => {
      if (recorded.type === 'AccountRegistered') {
        const { data } = recorded as RecordedEvent<AccountRegistered>;
        if (data.role !== LISTED_ROLE) return;
        await tx.put<Signup>(EARLY_ADOPTER_SIGNUPS, data.userId, {
          registeredAt: data.registeredAt,
        });
        return;
      }
      const { metadata } = recorded as RecordedEvent<SocialAccountVerified>;
      const userId = recorded.streamId.slice(profileStreamId('').length);
      const signup = await tx.get<Signup>(EARLY_ADOPTER_SIGNUPS, userId);
      if (!signup) return;
      await deps.commands.handle(earlyAdoptersDecider, EARLY_ADOPTERS_STREAM, {
        type: 'AwardEarlyAdopterBadge',
        data: { userId, registeredAt: signup.registeredAt, rule: deps.rule },
        metadata: {
          now: new Date(metadata.timestamp),
          actorUserId: null,
          correlationId: metadata.correlationId,
          causationId: recorded.id,
        },
      });
      // Asked once: a later verification (another account, the same one again) asks no more.
      await tx.delete(EARLY_ADOPTER_SIGNUPS, userId);
    },
  },
});
