import { listingDecider, listingStreamId } from '@linkcoin/domain/directory/listing.ts';
import type { ConversationOpened, MessageSent } from '@linkcoin/domain/messaging/conversation.ts';
import { REPLY_WINDOW_MS, usualReplyHours } from '@linkcoin/domain/messaging/reply-times.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ProjectionTransaction } from '@linkcoin/infra/readstore/port.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';

/**
 * One connection's first exchange: when the payer first wrote, and when the creator first
 * answered after that.
 */
type FirstExchange = {
  id: string;
  creatorId: string;
  payerId: string;
  askedAt: string | null;
  repliedAt: string | null;
};
const EXCHANGES = 'pm_reply_exchanges';

/** The exchange after a message, or null when the message changes nothing of it. */
const afterMessage = (
  exchange: FirstExchange,
  message: MessageSent['data'],
): FirstExchange | null => {
  if (exchange.repliedAt !== null) return null;
  if (exchange.askedAt === null) {
    return message.senderId === exchange.payerId ? { ...exchange, askedAt: message.at } : null;
  }
  return message.senderId === exchange.creatorId ? { ...exchange, repliedAt: message.at } : null;
};

/** The creator's usual reply time as of `now`, from the exchanges of the last 90 days. */
const replyHoursOf = async (
  tx: ProjectionTransaction,
  creatorId: string,
  now: Date,
): Promise<number | null> => {
  const since = new Date(now.getTime() - REPLY_WINDOW_MS).toISOString();
  const exchanges = await tx.find<FirstExchange>(EXCHANGES, {
    where: { creatorId, askedAt: { $gte: since } },
  });
  return usualReplyHours(
    exchanges.flatMap(({ payerId, askedAt, repliedAt }) =>
      askedAt === null ? [] : [{ payerId, askedAt, repliedAt }],
    ),
    now,
  );
};

/**
 * A creator's usual reply time (domain/messaging/reply-times.ts) as an event of their listing:
 * it follows each connection's messages until its first exchange is known (most messages cost
 * one read), and when a payer's first message or a creator's first answer lands, it records the
 * reply time as of that message (ReplyTimeChanged, only when it changed). The directory, the
 * profile and the chat read it from there, and a rebuild gives the same answer.
 */
export const replyTimes = (deps: { commands: CommandHandler }): ProcessManager => ({
  projection: {
    name: 'pm-reply-times',
    version: 1,
    collections: [{ name: EXCHANGES, indexes: [{ fields: ['creatorId', 'askedAt'] }] }],
    eventTypes: ['ConversationOpened', 'MessageSent'],
    apply: async (recorded, tx) => {
      if (recorded.type === 'ConversationOpened') {
        const { connectionId, creatorId, payerId } = (recorded as RecordedEvent<ConversationOpened>)
          .data;
        await tx.put<FirstExchange>(EXCHANGES, connectionId, {
          id: connectionId,
          creatorId,
          payerId,
          askedAt: null,
          repliedAt: null,
        });
        return;
      }
      const message = (recorded as RecordedEvent<MessageSent>).data;
      const exchange = await tx.get<FirstExchange>(EXCHANGES, message.connectionId);
      const next = exchange && afterMessage(exchange, message);
      if (!next) return;
      await tx.put<FirstExchange>(EXCHANGES, next.id, next);
      const now = new Date(message.at);
      await deps.commands.handle(listingDecider, listingStreamId(next.creatorId), {
        type: 'RecordReplyTime',
        data: { userId: next.creatorId, replyHours: await replyHoursOf(tx, next.creatorId, now) },
        metadata: {
          now,
          actorUserId: null,
          correlationId: recorded.metadata.correlationId,
          causationId: recorded.id,
        },
      });
    },
  },
});
