import { Box } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import { useRenewal } from '../../collections';
import type { ChatConnectionStatus } from '../../../lib/realtime/chat-socket';
import { conversationQueryOptions } from '../api/conversation';
import type { PendingMessage } from '../hooks/useChatConnection';
import { useNow } from '../hooks/useNow';
import { isExpired, nearTheEnd, timeLeftText } from '../utils/chat-rules';
import { conversationExpiry, messagesOf } from '../utils/conversation-cache';
import { ConversationHeader } from './ConversationHeader';
import { ExpiredOverlay } from './ExpiredOverlay';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';
import { RefundNotice } from './RefundNotice';

type ConversationPaneProps = {
  me: string;
  entry: CollectionEntry;
  online: boolean;
  status: ChatConnectionStatus;
  pending: readonly PendingMessage[];
  onSend: (receiver: string, content: string) => void;
  onOpenConnections?: () => void;
};

/** Room the expired overlay takes over the last messages. */
const OVERLAY_SPACE = 230;

/**
 * The open conversation (docs/product-spec.md sections 2 and 4): header, history by day, the input; read-only
 * with the expired overlay from its expiry on, renewed by the payer.
 */
export function ConversationPane({
  me,
  entry,
  online,
  status,
  pending,
  onSend,
  onOpenConnections,
}: ConversationPaneProps) {
  const connectedUserId = entry.user._id;
  const conversation = useInfiniteQuery(conversationQueryOptions(me, connectedUserId));
  const messages = messagesOf(conversation.data);
  // The newest answer's expiry, or the list's until the conversation is read.
  const expiry = conversationExpiry(conversation.data) ?? {
    expiresAt: entry.expiresAt,
    expired: entry.expired,
  };
  const deadline = expiry.expiresAt === null ? null : Date.parse(expiry.expiresAt);
  const now = useNow(Number.isNaN(deadline) ? null : deadline);
  const expired = isExpired(expiry, now);
  const { renew, renewing } = useRenewal(me, connectedUserId, entry.user.ownerName);
  const canRenew = entry.role === 'payer';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, flex: 1 }}>
      <ConversationHeader
        connection={entry.user}
        online={online}
        status={status}
        timeLeft={expired ? null : timeLeftText(expiry.expiresAt, now)}
        {...(canRenew && !expired && nearTheEnd(expiry.expiresAt, now)
          ? { onRenew: () => void renew(), renewing }
          : {})}
        {...(onOpenConnections ? { onOpenConnections } : {})}
      />
      {entry.refunded && <RefundNotice entry={entry} />}
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex' }}>
        <MessageList
          me={me}
          partnerName={entry.user.ownerName}
          messages={messages}
          pending={pending.filter((waiting) => waiting.receiver === connectedUserId)}
          isPending={conversation.isPending}
          hasOlder={conversation.hasPreviousPage}
          loadingOlder={conversation.isFetchingPreviousPage}
          onLoadOlder={() => void conversation.fetchPreviousPage()}
          now={now}
          bottomSpace={expired ? OVERLAY_SPACE : 0}
        />
        {expired && (
          <ExpiredOverlay
            canRenew={canRenew}
            partnerName={entry.user.ownerName}
            renewing={renewing}
            onRenew={() => void renew()}
          />
        )}
      </Box>
      <MessageComposer expired={expired} onSend={(text) => onSend(connectedUserId, text)} />
    </Box>
  );
}
