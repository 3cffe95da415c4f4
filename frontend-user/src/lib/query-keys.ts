/**
 * Query keys two features share: messaging reads a conversation under this key, and collections
 * refreshes it after a renewal or removal (which open or close it).
 */
export const conversationQueryKey = (userId: string, otherUserId: string) =>
  ['messages', userId, otherUserId] as const;
