import { conversationDecider } from '@linkcoin/domain/messaging/conversation.ts';
import {
  CONNECTION_EVENT_TYPES,
  conversationCommandFor,
  type ConnectionEvent,
} from '@linkcoin/domain/messaging/from-wallet.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ProcessManager } from '../processes/process-manager.ts';

/**
 * Keeps each conversation in step with its connection: ConnectionOpened opens it
 * (OpenConversation with the payer, the creator, the connection and its expiry),
 * ConnectionRenewed extends it to the new expiry, ConnectionRemoved closes it. The collection's
 * handlers send the same commands with the same keys as they answer; this process is what
 * makes it happen when a request died between the wallet's append and the conversation's.
 */
export const conversationOpener = (deps: { commands: CommandHandler }): ProcessManager => ({
  projection: {
    name: 'pm-collection-conversations',
    version: 1,
    collections: [],
    eventTypes: CONNECTION_EVENT_TYPES,
    apply: async (recorded) => {
      const { streamId, command } = conversationCommandFor(
        recorded as RecordedEvent<ConnectionEvent>,
      );
      await deps.commands.handle(conversationDecider, streamId, command);
    },
  },
});
