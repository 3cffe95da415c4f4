import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  conversationDecider,
  conversationStreamId,
  pairIdOf,
  type ConversationState,
} from '@linkcoin/domain/messaging/conversation.ts';
import type { TestUser } from './accounts.ts';
import type { TestServer } from './test-server.ts';

/** Gives a user coins through the console's grant endpoint, as an admin does. */
export const grantCoins = async (
  server: Pick<TestServer, 'url'>,
  admin: TestUser,
  user: TestUser,
  coins: number,
): Promise<void> => {
  await request(server.url)
    .post(`/api/admin/wallets/${user.userId}/grants`)
    .set('Authorization', `Bearer ${admin.token}`)
    .send({ coins, reason: 'Coins for the collection tests' })
    .expect(201);
};

type Change = 'add' | 'remove' | 'update';

/** `POST /api/collection/users/{add,remove,update}` as the app sends it. */
export const changeCollection = (
  server: Pick<TestServer, 'url'>,
  as: TestUser,
  change: Change,
  targetUserId: string,
  options: { key?: string; userId?: string } = {},
) => {
  const req = request(server.url)
    .post(`/api/collection/users/${change}`)
    .set('Authorization', `Bearer ${as.token}`);
  return (options.key ? req.set('Idempotency-Key', options.key) : req).send({
    userId: options.userId ?? as.userId,
    targetUserId,
  });
};

/** `GET /api/collection/users/:userId`. */
export const collectionOf = (server: TestServer, as: TestUser, userId = as.userId) =>
  request(server.url)
    .get(`/api/collection/users/${userId}`)
    .set('Authorization', `Bearer ${as.token}`);

/** The conversation of two users, from its stream. */
export const conversationOf = async (
  server: TestServer,
  a: string,
  b: string,
): Promise<ConversationState> =>
  (
    await server.runtime.platform.commands.load(
      conversationDecider,
      conversationStreamId(pairIdOf(a, b)),
    )
  ).state;

/**
 * Sends a chat message through the command handler, as the messaging context will: the
 * collection tests need messages, not the messages API.
 */
export const sendMessage = async (
  server: TestServer,
  now: Date,
  sender: TestUser,
  receiver: TestUser,
  content = 'Hello there',
) => {
  const commands = server.runtime.platform.commands;
  return commands.handle(
    conversationDecider,
    conversationStreamId(pairIdOf(sender.userId, receiver.userId)),
    {
      type: 'SendMessage',
      data: {
        messageId: randomUUID(),
        senderId: sender.userId,
        receiverId: receiver.userId,
        content,
      },
      metadata: {
        now,
        actorUserId: sender.userId,
        correlationId: randomUUID(),
        causationId: null,
      },
    },
  );
};

/** Marks what `reader` received from the other side as read, through the command handler. */
export const markRead = async (server: TestServer, now: Date, reader: TestUser, other: TestUser) =>
  server.runtime.platform.commands.handle(
    conversationDecider,
    conversationStreamId(pairIdOf(reader.userId, other.userId)),
    {
      type: 'MarkRead',
      data: { readerId: reader.userId },
      metadata: { now, actorUserId: reader.userId, correlationId: randomUUID(), causationId: null },
    },
  );
