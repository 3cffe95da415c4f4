import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';

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
