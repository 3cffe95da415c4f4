/** The texts of docs/product-spec.md sections 2, 4 and 8 for the chat, and the server's own where it is silent. */
export const MESSAGING_MESSAGES = {
  // Spec, word for word.
  expired: "This chat is now read-only as it's older than 7 days.",
  noContent: '(No content)',
  // Server rules.
  noConversation: 'You can only message creators on your list, and the brands who added you.',
  closed: 'This contact was removed from the list. Add them again to continue the chat.',
  notParticipant: 'You can only write in your own conversations.',
  emptyMessage: 'Write a message first.',
  tooLong: 'A message can be at most 2,000 characters long.',
  tooFast: 'You are sending messages too fast. Please wait a moment.',
  messageIdTaken: 'This message could not be sent. Please send it again.',
} as const;
