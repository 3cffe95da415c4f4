/**
 * What the payer's wallet events mean for the conversation (docs/design.md section 4): a connection opens
 * it, a renewal extends it, a removal closes it; and back: a connection the conversation refused
 * is cancelled in its payer's wallet. One home for the rule, used both by the collection's
 * handlers (so the chat is open, or the coin back, when the add answers) and by the conversation
 * process (which heals a crash between the appends): the same command with the same key, so
 * whichever comes second appends nothing.
 */
import type { CommandMetadata, RecordedEvent } from '../shared/messages.ts';
import {
  walletStreamId,
  type CancelConnection,
  type ConnectionOpened,
  type ConnectionRemoved,
  type ConnectionRenewed,
} from '../wallet/wallet.ts';
import {
  conversationStreamId,
  pairIdOf,
  type CloseConversation,
  type ConversationOpenRefused,
  type OpenConversation,
} from '../messaging/conversation.ts';

export type ConnectionEvent = ConnectionOpened | ConnectionRenewed | ConnectionRemoved;

export const CONNECTION_EVENT_TYPES = [
  'ConnectionOpened',
  'ConnectionRenewed',
  'ConnectionRemoved',
] as const satisfies readonly ConnectionEvent['type'][];

/**
 * The metadata of a command one recorded event causes: decided at the event's time, in its
 * correlation, caused by it, with a key derived from it (so the request and the process agree).
 */
const causedBy = (recorded: RecordedEvent, idempotencyKey: string): CommandMetadata => ({
  now: new Date(recorded.metadata.timestamp),
  actorUserId: recorded.metadata.actorUserId,
  correlationId: recorded.metadata.correlationId,
  causationId: recorded.id,
  idempotencyKey,
});

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
  switch (recorded.type) {
    case 'ConnectionOpened':
    case 'ConnectionRenewed':
      return {
        streamId,
        command: {
          type: 'OpenConversation',
          data: { payerId, creatorId, connectionId, expiresAt: recorded.data.expiresAt },
          metadata: causedBy(
            recorded,
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
          metadata: causedBy(recorded, `conversation-closed-${connectionId}`),
        },
      };
  }
};

/**
 * The wallet command a refused connection causes: cancelled in its payer's wallet (off the list,
 * every coin back), keyed `connection-cancelled-<connectionId>`.
 */
export const cancellationFor = (
  recorded: RecordedEvent<ConversationOpenRefused>,
): { streamId: string; command: CancelConnection } => {
  const { payerId, connectionId, reason } = recorded.data;
  return {
    streamId: walletStreamId(payerId),
    command: {
      type: 'CancelConnection',
      data: { userId: payerId, connectionId, reason },
      metadata: causedBy(recorded, `connection-cancelled-${connectionId}`),
    },
  };
};
