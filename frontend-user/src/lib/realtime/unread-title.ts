/** The unread count as a badge and a title show it: 99+ past 99. */
export function unreadLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The document's title with the unread count in front, as mail and chat apps show it. */
export function titleWithUnread(title: string, unread: number): string {
  return unread > 0 ? `(${unreadLabel(unread)}) ${title}` : title;
}
