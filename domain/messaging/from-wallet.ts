/**
 * What the payer's wallet events mean for the conversation (DESIGN section 4): a connection opens
 * it, a renewal extends it, a removal closes it. One home for the rule, used both by the
 * collection's handlers (so the chat is open when the add answers) and by the conversation
 * process (which heals a crash between the two appends): the same command with the same key, so
 * whichever comes second appends nothing.
 */
import type { RecordedEvent } from '../shared/messages.ts';
import type { ConnectionOpened, ConnectionRemoved, ConnectionRenewed } from '../wallet/wallet.ts';
import {
  conversationStreamId,
  pairIdOf,
  type CloseConversation,
  type OpenConversation,
} from './conversation.ts';

export type ConnectionEvent = ConnectionOpened | ConnectionRenewed | ConnectionRemoved;

export const CONNECTION_EVENT_TYPES = [
  'ConnectionOpened',
  'ConnectionRenewed',
  'ConnectionRemoved',
] as const satisfies readonly ConnectionEvent['type'][];

/**
 * The conversation command a connection event causes, with its stream and an idempotency key
 * derived from the event: `conversation-opened-<connectionId>`,
 * `conversation-renewed-<eventId>`, `conversation-closed-<connectionId>`.
 */
export const conversationCommandFor = (
  recorded: RecordedEvent<ConnectionEvent>,
): { streamId: string; command: OpenConversation | CloseConversation } => {
  const { userId: payerId, targetUserId: creatorId, connectionId } = recorded.data;
  const streamId = conversationStreamId(pairIdOf(payerId, creatorId));
  const metadata = (idempotencyKey: string) => ({
    now: new Date(recorded.metadata.timestamp),
    actorUserId: recorded.metadata.actorUserId,
    correlationId: recorded.metadata.correlationId,
    causationId: recorded.id,
    idempotencyKey,
  });
  switch (recorded.type) {
    case 'ConnectionOpened':
    case 'ConnectionRenewed':
      return {
        streamId,
        command: {
          type: 'OpenConversation',
          data: { payerId, creatorId, connectionId, expiresAt: recorded.data.expiresAt },
          metadata: metadata(
            recorded.type === 'ConnectionOpened'
              ? `conversation-opened-${connectionId}`
              : `conversation-renewed-${recorded.id}`,
          ),
        },
      };
    case 'ConnectionRemoved':
      return {
        streamId,
        command: {
          type: 'CloseConversation',
          data: { connectionId },
          metadata: metadata(`conversation-closed-${connectionId}`),
        },
      };
  }
};
