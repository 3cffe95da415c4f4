import { useLayoutEffect, useRef } from 'react';
import { Box, Button, Chip, CircularProgress, Typography } from '@mui/material';
import type { MessageView } from '@linkcoin/domain/messaging/contracts.ts';
import type { PendingMessage } from '../hooks/useChatConnection';
import { groupByDay } from '../utils/chat-dates';
import { CHAT_TEXTS as T, tickOf } from '../utils/chat-rules';
import { MessageBubble } from './MessageBubble';

type Shown = {
  id: string;
  content: string;
  timestamp: string;
  own: boolean;
  message: MessageView | null;
};

type MessageListProps = {
  me: string;
  partnerName: string;
  messages: readonly MessageView[];
  pending: readonly PendingMessage[];
  isPending: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  now: number;
  /** Room at the bottom for an overlay over the last messages. */
  bottomSpace?: number;
};

/** The conversation: messages grouped by day under date chips, newest last, kept scrolled down. */
export function MessageList({
  me,
  partnerName,
  messages,
  pending,
  isPending,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  now,
  bottomSpace = 0,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const shown: Shown[] = [
    ...messages.map((message) => ({
      id: message._id,
      content: message.content,
      timestamp: message.timestamp,
      own: message.sender === me,
      message,
    })),
    ...pending
      .filter((waiting) => !messages.some((message) => message._id === waiting.messageId))
      .map((waiting) => ({
        id: waiting.messageId,
        content: waiting.content,
        timestamp: waiting.timestamp,
        own: true,
        message: null,
      })),
  ];
  const newestId = shown[shown.length - 1]?.id ?? null;

  // A new message (either side's) brings the view to the bottom; older pages do not.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestId, bottomSpace]);

  return (
    <Box
      ref={scroller}
      role="log"
      aria-label={`Conversation with ${partnerName}`}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', py: 2, pb: `${16 + bottomSpace}px` }}
    >
      {hasOlder && (
        <Box sx={{ textAlign: 'center', mb: 1 }}>
          <Button size="small" onClick={onLoadOlder} disabled={loadingOlder}>
            {loadingOlder ? 'Loading...' : 'Load earlier messages'}
          </Button>
        </Box>
      )}
      {isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress size={28} aria-label="Loading messages" />
        </Box>
      ) : shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
          {T.noMessages}
        </Typography>
      ) : (
        groupByDay(shown, new Date(now)).map((group) => (
          <Box key={group.key} component="section" aria-label={group.label}>
            <Box sx={{ display: 'flex', justifyContent: 'center', my: 1.5 }}>
              <Chip label={group.label} size="small" />
            </Box>
            <Box role="list">
              {group.items.map((item) => (
                <MessageBubble
                  key={item.id}
                  content={item.content}
                  timestamp={item.timestamp}
                  own={item.own}
                  tick={item.own ? tickOf(item.message) : null}
                />
              ))}
            </Box>
          </Box>
        ))
      )}
    </Box>
  );
}
