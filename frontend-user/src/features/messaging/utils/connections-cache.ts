import type { MessageView } from '@linkcoin/domain/messaging/contracts.ts';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';

/** The list with one connection's entry changed; the list as it was when it is not on it. */
export function withConnection(
  entries: readonly CollectionEntry[] | undefined,
  connectedUserId: string,
  update: (entry: CollectionEntry) => CollectionEntry,
): CollectionEntry[] | undefined {
  if (!entries) return undefined;
  return entries.map((entry) => (entry.user._id === connectedUserId ? update(entry) : entry));
}

/**
 * The list after a message between its owner and a connection: the connection's last message and its
 * time, one more unread when the owner received it and is not reading that conversation, and the
 * connection first (the list is newest activity first).
 */
export function withMessage(
  entries: readonly CollectionEntry[] | undefined,
  ownerId: string,
  message: MessageView,
  { reading }: { reading: boolean },
): CollectionEntry[] | undefined {
  if (!entries) return undefined;
  const connectedUserId = message.sender === ownerId ? message.receiver : message.sender;
  const index = entries.findIndex((entry) => entry.user._id === connectedUserId);
  const entry = entries[index];
  if (!entry) return [...entries];
  // An older message, or the one already shown (a repeat after a reconnection), changes nothing.
  if (entry.lastMessageTimestamp !== null) {
    const known = Date.parse(entry.lastMessageTimestamp);
    const at = Date.parse(message.timestamp);
    if (known > at || (known === at && entry.lastMessage === message.content)) return [...entries];
  }
  const received = message.receiver === ownerId;
  const updated: CollectionEntry = {
    ...entry,
    lastMessage: message.content,
    lastMessageTimestamp: message.timestamp,
    unreadCount: received && !reading ? entry.unreadCount + 1 : entry.unreadCount,
  };
  return [updated, ...entries.slice(0, index), ...entries.slice(index + 1)];
}

/**
 * docs/product-spec.md section 2: the sidebar's search, case-insensitive on the owner name; the company and the
 * handle shown beside the name are found too.
 */
export function filterConnections(
  entries: readonly CollectionEntry[],
  search: string,
): CollectionEntry[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...entries];
  return entries.filter(({ user }) =>
    [user.ownerName, user.companyName ?? '', user.handle ?? ''].some((text) =>
      text.toLocaleLowerCase().includes(needle),
    ),
  );
}
