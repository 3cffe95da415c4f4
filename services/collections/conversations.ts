import {
  conversationDecider,
  type ConversationOpenRefused,
} from '@linkcoin/domain/messaging/conversation.ts';
import {
  cancellationFor,
  CONNECTION_EVENT_TYPES,
  conversationCommandFor,
  type ConnectionEvent,
} from '@linkcoin/domain/collections/conversation-sync.ts';
import { walletDecider } from '@linkcoin/domain/wallet/wallet.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ProcessManager } from '../platform/processes/process-manager.ts';

/**
 * Keeps each conversation in step with its connection: ConnectionOpened opens it
 * (OpenConversation with the payer, the creator, the connection and its expiry),
 * ConnectionRenewed extends it to the new expiry, ConnectionRemoved closes it; and a connection
 * the conversation refused (the other user connected the two first) is cancelled in its payer's
 * wallet (CancelConnection: off the list, every coin back). The collection's handlers send the
 * same commands with the same keys as they answer; this process is what makes it happen when a
 * request died between the appends.
 */
export const conversationOpener = (deps: { commands: CommandHandler }): ProcessManager => ({
  projection: {
    name: 'pm-collection-conversations',
    version: 1,
    collections: [],
    eventTypes: [...CONNECTION_EVENT_TYPES, 'ConversationOpenRefused'],
    apply: async (recorded) => {
      if (recorded.type === 'ConversationOpenRefused') {
        const { streamId, command } = cancellationFor(
          recorded as RecordedEvent<ConversationOpenRefused>,
        );
        await deps.commands.handle(walletDecider, streamId, command);
        return;
      }
      const { streamId, command } = conversationCommandFor(
        recorded as RecordedEvent<ConnectionEvent>,
      );
      await deps.commands.handle(conversationDecider, streamId, command);
    },
  },
});
