import type { CollectionEntry } from '@linkcoin/domain/wallet/collection-contracts.ts';

/** Every message the list's owner received and has not read, all conversations together. */
export function unreadTotal(entries: readonly CollectionEntry[] | undefined): number {
  return (entries ?? []).reduce((total, entry) => total + entry.unreadCount, 0);
}

/** The conversation to open from /MessagingApp alone: unread first, then the newest activity. */
export function latestConversation(
  entries: readonly CollectionEntry[] | undefined,
): CollectionEntry | null {
  const list = entries ?? [];
  return list.find((entry) => entry.unreadCount > 0) ?? list[0] ?? null;
}

/** A message's first words for a notice: one line, cut at a word near `max` characters. */
export function firstWords(text: string, max = 60): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The unread count as a badge and a title show it: 99+ past 99. */
export function unreadLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The document's title with the unread count in front, as mail and chat apps show it. */
export function titleWithUnread(title: string, unread: number): string {
  return unread > 0 ? `(${unreadLabel(unread)}) ${title}` : title;
}
