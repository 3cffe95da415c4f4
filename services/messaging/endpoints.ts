import {
  conversationParams,
  conversationQuery,
  markReadRequest,
  sendMessageNoticeRequest,
  storeTokenRequest,
} from '@linkcoin/domain/messaging/contracts.ts';
import { anyone, signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { parseBody, parseParams, parseQuery } from '../platform/http/validate.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import type { Clock } from '../platform/clock.ts';
import type { MessagingHandlers } from './handlers.ts';

export const MESSAGING_ENDPOINT_MESSAGES = {
  markedRead: 'Messages marked as read',
  tokenStored: 'Notification token stored',
  nothingToSend:
    'Nothing to do: the server notifies the receiver itself when a message is stored (a push when they are not connected, an e-mail when it stays unread).',
} as const;

const E = MESSAGING_ENDPOINT_MESSAGES;

/** The spec's messages and notifications calls (section 7), and the push key browsers need. */
export const messagingEndpoints = (deps: {
  messaging: MessagingHandlers;
  progress: ProjectionProgress;
  clock: Clock;
  vapidPublicKey: string;
}): Endpoint[] => {
  const { messaging, progress, clock } = deps;
  return [
    {
      method: 'get',
      path: '/messages/conversation/:userId/:otherUserId',
      summary: 'A page of the conversation with a contact, newest last, with ticks and expiry',
      access: signedIn(),
      // Private: not even an admin reads another user's conversation.
      subject: { in: 'params', field: 'userId', ownOnly: true },
      input: { params: conversationParams, query: conversationQuery },
      handler: async (req, res) => {
        const { userId, otherUserId } = parseParams(conversationParams, req);
        const page = parseQuery(conversationQuery, req);
        res.json(await messaging.conversation(userId, otherUserId, page, clock.now()));
      },
    },
    {
      method: 'patch',
      path: '/messages/mark-read',
      summary: "The receiver marks the sender's messages to them as read",
      access: signedIn(),
      subject: { in: 'body', field: 'receiver', ownOnly: true },
      input: { body: markReadRequest },
      handler: async (req, res) => {
        const { sender, receiver } = parseBody(markReadRequest, req);
        const { upToSeq, position } = await messaging.markRead(
          receiver,
          sender,
          commandMetadata(req, clock),
        );
        await progress.waitFor(position);
        res.json({ success: true, message: E.markedRead, upToSeq });
      },
    },
    {
      method: 'post',
      path: '/notifications/store-token',
      summary: "Stores the browser's push subscription (the token) for chat notifications",
      access: signedIn(),
      subject: { in: 'body', field: 'userId', ownOnly: true },
      input: { body: storeTokenRequest },
      handler: async (req, res) => {
        const { userId, token } = parseBody(storeTokenRequest, req);
        await messaging.saveSubscription(userId, token, commandMetadata(req, clock));
        res.json({ success: true, message: E.tokenStored });
      },
    },
    {
      method: 'post',
      path: '/notifications/send-message',
      summary: 'Accepted and ignored: the server notifies the receiver when a message is stored',
      access: signedIn(),
      input: { body: sendMessageNoticeRequest },
      handler: (req, res) => {
        parseBody(sendMessageNoticeRequest, req);
        res.json({ success: true, message: E.nothingToSend });
      },
    },
    {
      method: 'get',
      path: '/notifications/public-key',
      summary: "The server's VAPID public key, for the browser's push subscription",
      access: anyone,
      input: {},
      handler: (_req, res) => {
        res.json({ success: true, publicKey: deps.vapidPublicKey });
      },
    },
  ];
};
