import type { Logger } from 'pino';
import type { ConversationEvent } from '@linkcoin/domain/messaging/conversation.ts';
import {
  conversationDecider,
  conversationStreamId,
} from '@linkcoin/domain/messaging/conversation.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { maskAddress, type Mailer } from '@linkcoin/infra/mail/port.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';
import type { MessagingHandlers } from './handlers.ts';
import { unreadMessagesMail } from './mail-templates.ts';

/** One receiver's quiet period in one conversation: mail them when it lasts too long. */
type QuietPeriod = {
  id: string;
  pairId: string;
  receiverId: string;
  /** The first unread message of the period. */
  fromSeq: number;
  dueAt: string;
  /** The notice of this period was claimed: no other until the receiver reads. */
  noticed: boolean;
};

const PERIODS = 'pm_unread_mail_periods';
const periodId = (pairId: string, receiverId: string) => `${pairId}|${receiverId}`;

/**
 * Mails the receiver of messages left unread for a while (MESSAGE_EMAIL_AFTER_MINUTES), once
 * per conversation per quiet period: the period opens with the first unread message, its one
 * notice is claimed in the conversation's stream (UnreadMessagesNoticed, decided by the
 * conversation's decider), and it ends when the receiver reads. Further messages in the same
 * period mail nothing.
 */
export const unreadMail = (deps: {
  commands: CommandHandler;
  handlers: MessagingHandlers;
  mailer: Mailer;
  logger: Logger;
  afterMs: number;
  tickMs: number;
  /** The chat's page, for the link in the mail. */
  chatUrl: (receiverId: string) => string;
}): ProcessManager => ({
  projection: {
    name: 'pm-unread-mail',
    version: 1,
    collections: [{ name: PERIODS, indexes: [{ fields: ['noticed', 'dueAt'] }] }],
    eventTypes: ['MessageSent', 'MessagesRead', 'UnreadMessagesNoticed', 'ConversationClosed'],
    apply: async (recorded, tx) => {
      const event = recorded as RecordedEvent<ConversationEvent>;
      switch (event.type) {
        case 'MessageSent': {
          const { pairId, receiverId, seq, at } = event.data;
          const id = periodId(pairId, receiverId);
          if (await tx.get<QuietPeriod>(PERIODS, id)) return; // the period runs already
          await tx.put<QuietPeriod>(PERIODS, id, {
            id,
            pairId,
            receiverId,
            fromSeq: seq,
            dueAt: new Date(Date.parse(at) + deps.afterMs).toISOString(),
            noticed: false,
          });
          return;
        }
        case 'UnreadMessagesNoticed': {
          const id = periodId(event.data.pairId, event.data.receiverId);
          const period = await tx.get<QuietPeriod>(PERIODS, id);
          if (period) await tx.put<QuietPeriod>(PERIODS, id, { ...period, noticed: true });
          return;
        }
        case 'MessagesRead':
          await tx.delete(PERIODS, periodId(event.data.pairId, event.data.readerId));
          return;
        case 'ConversationClosed': {
          const found = await tx.find<QuietPeriod>(PERIODS, {
            where: { pairId: event.data.pairId },
          });
          for (const period of found) await tx.delete(PERIODS, period.id);
          return;
        }
        default:
          return;
      }
    },
  },
  tick: {
    intervalMs: deps.tickMs,
    run: async (now, state) => {
      const due = await state.collection<QuietPeriod>(PERIODS).find({
        where: { noticed: false, dueAt: { $lte: now.toISOString() } },
        sort: [['dueAt', 1]],
        limit: 100,
      });
      for (const period of due) {
        const key = `unread-mail-${period.id}-${period.fromSeq}`;
        const result = await deps.commands.handle(
          conversationDecider,
          conversationStreamId(period.pairId),
          {
            type: 'NoticeUnread',
            data: { receiverId: period.receiverId },
            metadata: {
              now,
              actorUserId: null,
              correlationId: key,
              causationId: period.id,
              idempotencyKey: key,
            },
          },
        );
        // Only the call that claimed the notice mails it (a replayed tick finds the key).
        const noticed = result.events.find((e) => e.type === 'UnreadMessagesNoticed');
        if (result.alreadyHandled || !noticed || noticed.type !== 'UnreadMessagesNoticed') {
          continue;
        }
        const [receiver, sender] = await Promise.all([
          deps.handlers.personOf(period.receiverId),
          deps.handlers.personOf(noticed.data.senderId),
        ]);
        if (!receiver) continue;
        const unread =
          noticed.data.upToSeq - (result.state.participants[period.receiverId]?.readUpToSeq ?? 0);
        try {
          await deps.mailer.send(
            unreadMessagesMail(receiver.email, {
              receiverName: receiver.name,
              senderName: sender?.name ?? 'A contact',
              unread,
              chatUrl: deps.chatUrl(period.receiverId),
            }),
          );
        } catch (error) {
          // The notice is claimed either way: a failed mail is not retried into a flood.
          deps.logger.error(
            { err: error, to: maskAddress(receiver.email) },
            'the unread-messages mail could not be sent',
          );
        }
      }
    },
  },
});
