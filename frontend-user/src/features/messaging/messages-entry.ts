import { unreadLabel } from '../../lib/realtime/unread-title';

/** The path of the messaging screen without a connection: it opens the latest conversation. */
export const MESSAGES_PATH = '/MessagingApp';

/** What a Messages entry (the top bar's, the drawer's) is called for screen readers. */
export function messagesLabel(unread: number): string {
  if (unread === 0) return 'Messages';
  return `Messages, ${unreadLabel(unread)} unread`;
}
