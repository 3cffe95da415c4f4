import {
  conversationDecider,
  conversationStreamId,
  pairIdOf,
  replyDeadline,
  replyGuaranteeBroken,
  type MessageSent,
} from '@linkcoin/domain/messaging/conversation.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  connectionOf,
  walletDecider,
  walletStreamId,
  type CoinRefunded,
  type ConnectionOpened,
  type ConnectionRemoved,
} from '@linkcoin/domain/wallet/wallet.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Logger } from 'pino';
import type { ProcessManager } from '../platform/processes/process-manager.ts';

/** One connection's guarantee, as its events tell it. */
type Guarantee = {
  id: string;
  payerId: string;
  creatorId: string;
  firstPayerMessageAt: string | null;
  firstCreatorMessageAt: string | null;
  closedAt: string | null;
  refunded: boolean;
};
/** A guarantee that breaks at `dueAt` unless the creator answers first. */
type Deadline = { id: string; dueAt: string };

const GUARANTEES = 'pm_reply_guarantees';
const DEADLINES = 'pm_reply_deadlines';

/** Whether a message of `senderId` would be the first of its side of the connection. */
const firstOfItsSender = (guarantee: Guarantee, senderId: string): boolean =>
  (senderId === guarantee.payerId && !guarantee.firstPayerMessageAt) ||
  (senderId === guarantee.creatorId && !guarantee.firstCreatorMessageAt);

/** The key of a connection's refund: derived from the connection, so it is refunded once. */
export const replyRefundKey = (connectionId: string): string => `refund-no-reply-${connectionId}`;

type Followed =
  | RecordedEvent<ConnectionOpened>
  | RecordedEvent<ConnectionRemoved>
  | RecordedEvent<CoinRefunded>
  | RecordedEvent<MessageSent>;

/**
 * The 48-hour refund guarantee (docs/product-spec.md section 9, docs/design.md section 6): when the creator sends no
 * message within 48 hours of the payer's first message of a connection, 1 coin goes back to the
 * payer, once per connection (RefundConnection, reason `no_reply_within_48_hours`). A reply in
 * time keeps it; a renewal is the same connection, so it buys no second refund; a contact the
 * payer removed before the deadline has none (replyGuaranteeBroken). The process follows the
 * connections and their messages, keeps one deadline per payer's first message, and refunds at
 * the tick once it passed.
 */
export const replyGuarantee = (deps: {
  commands: CommandHandler;
  logger: Logger;
  tickMs: number;
}): ProcessManager => {
  /**
   * Asks the streams themselves before refunding: a reply or a removal just before the deadline
   * may not have reached this process' documents yet when the tick runs.
   */
  const stillBroken = async (guarantee: Guarantee, now: Date): Promise<boolean> => {
    const [{ state: wallet }, { state: conversation }] = await Promise.all([
      deps.commands.load(walletDecider, walletStreamId(guarantee.payerId)),
      deps.commands.load(
        conversationDecider,
        conversationStreamId(pairIdOf(guarantee.payerId, guarantee.creatorId)),
      ),
    ]);
    const connection = connectionOf(wallet, guarantee.id);
    if (!connection || connection.refunded) return false;
    // The conversation keeps the first messages of its current connection only.
    const messages = conversation.connectionId === guarantee.id ? conversation : guarantee;
    return replyGuaranteeBroken(
      {
        firstPayerMessageAt: messages.firstPayerMessageAt ?? guarantee.firstPayerMessageAt,
        firstCreatorMessageAt: messages.firstCreatorMessageAt,
        closedAt: connection.removedAt,
      },
      now,
    );
  };

  return {
    projection: {
      name: 'pm-reply-guarantee',
      version: 1,
      collections: [{ name: GUARANTEES }, { name: DEADLINES, indexes: [{ fields: ['dueAt'] }] }],
      eventTypes: ['ConnectionOpened', 'ConnectionRemoved', 'CoinRefunded', 'MessageSent'],
      apply: async (recorded, tx) => {
        const event = recorded as Followed;
        if (event.type === 'ConnectionOpened') {
          await tx.put<Guarantee>(GUARANTEES, event.data.connectionId, {
            id: event.data.connectionId,
            payerId: event.data.userId,
            creatorId: event.data.targetUserId,
            firstPayerMessageAt: null,
            firstCreatorMessageAt: null,
            closedAt: null,
            refunded: false,
          });
          return;
        }
        const guarantee = await tx.get<Guarantee>(GUARANTEES, event.data.connectionId);
        if (!guarantee || guarantee.refunded) return;
        // A message changes something only as its sender's first of the connection: the
        // others (nearly every message) need no look at the deadline.
        if (event.type === 'MessageSent' && !firstOfItsSender(guarantee, event.data.senderId)) {
          return;
        }
        const deadline = await tx.get<Deadline>(DEADLINES, guarantee.id);
        const at = event.data.at;
        let next = guarantee;
        let keepDeadline = deadline !== null;
        switch (event.type) {
          case 'ConnectionRemoved':
            next = { ...guarantee, closedAt: at };
            if (deadline && at < deadline.dueAt) keepDeadline = false;
            break;
          case 'CoinRefunded':
            next = { ...guarantee, refunded: true };
            keepDeadline = false;
            break;
          case 'MessageSent':
            if (event.data.senderId === guarantee.payerId && !guarantee.firstPayerMessageAt) {
              next = { ...guarantee, firstPayerMessageAt: at };
              // A creator who wrote first has answered already.
              if (!guarantee.firstCreatorMessageAt) {
                await tx.put<Deadline>(DEADLINES, guarantee.id, {
                  id: guarantee.id,
                  dueAt: replyDeadline(at),
                });
                keepDeadline = true;
              }
            } else if (
              event.data.senderId === guarantee.creatorId &&
              !guarantee.firstCreatorMessageAt
            ) {
              next = { ...guarantee, firstCreatorMessageAt: at };
              // In time, the guarantee is kept; too late, it stays broken.
              if (deadline && at <= deadline.dueAt) keepDeadline = false;
            }
            break;
        }
        if (next !== guarantee) await tx.put<Guarantee>(GUARANTEES, guarantee.id, next);
        if (deadline && !keepDeadline) await tx.delete(DEADLINES, guarantee.id);
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
          const guarantee = await state.collection<Guarantee>(GUARANTEES).get(deadline.id);
          if (!guarantee || !(await stillBroken(guarantee, now))) continue;
          try {
            const result = await deps.commands.handle(
              walletDecider,
              walletStreamId(guarantee.payerId),
              {
                type: 'RefundConnection',
                data: {
                  userId: guarantee.payerId,
                  connectionId: guarantee.id,
                  reason: 'no_reply_within_48_hours',
                },
                metadata: {
                  now,
                  actorUserId: null,
                  correlationId: `reply-guarantee-${guarantee.id}`,
                  causationId: guarantee.id,
                  idempotencyKey: replyRefundKey(guarantee.id),
                },
              },
            );
            if (result.events.length > 0 && !result.alreadyHandled) {
              deps.logger.info(
                { connectionId: guarantee.id },
                'no reply within 48 hours: 1 LinkCoin refunded',
              );
            }
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            deps.logger.error(
              { connectionId: guarantee.id, reason: error.message },
              'a connection could not be refunded',
            );
          }
        }
      },
    },
  };
};
