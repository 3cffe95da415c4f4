/**
 * The messages API of docs/product-spec.md section 7: a conversation's history by page (newest last) with its
 * ticks and expiry, mark-read by the receiver, and the notification call the spec's client
 * makes after each send. Refusals change nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationAnswer } from '@linkcoin/domain/messaging/contracts.ts';
import {
  headPosition,
  loginAdmin,
  adminEnv,
  registerUser,
  type TestUser,
} from '../testing/accounts.ts';
import { openConversation, storeMessage } from '../testing/messaging.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { MESSAGING_HANDLER_MESSAGES as H } from './handlers.ts';
import { MESSAGING_ENDPOINT_MESSAGES as E } from './endpoints.ts';

describe('the messages API', () => {
  let server: TestServer;
  let brand: TestUser;
  let creator: TestUser;

  const conversation = (as: TestUser, userId: string, otherUserId: string, query = {}) =>
    request(server.url)
      .get(`/api/messages/conversation/${userId}/${otherUserId}`)
      .query(query)
      .set('Authorization', `Bearer ${as.token}`);
  const markRead = (as: TestUser, body: object) =>
    request(server.url)
      .patch('/api/messages/mark-read')
      .set('Authorization', `Bearer ${as.token}`)
      .send(body);

  beforeAll(async () => {
    server = await startTestServer({ env: { ...adminEnv } });
    brand = await registerUser(server, { role: 'user' });
    creator = await registerUser(server, { role: 'influencer' });
    await openConversation(server, brand, creator);
    for (let i = 1; i <= 5; i++) await storeMessage(server, brand, creator, `Brand ${i}`);
    await storeMessage(server, creator, brand, 'Creator 1');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the conversation newest last, with ticks and expiry, to both sides', async () => {
    const { body } = (await conversation(brand, brand.userId, creator.userId).expect(200)) as {
      body: ConversationAnswer;
    };
    expect(body.success).toBe(true);
    expect(body.conversation.map((m) => m.content)).toEqual([
      'Brand 1',
      'Brand 2',
      'Brand 3',
      'Brand 4',
      'Brand 5',
      'Creator 1',
    ]);
    expect(body.conversation[0]).toEqual({
      _id: expect.any(String),
      seq: 1,
      sender: brand.userId,
      receiver: creator.userId,
      content: 'Brand 1',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'sent',
      messageStatus: 'unread',
    });
    expect(body).toMatchObject({ expired: false, hasMore: false });
    expect(Date.parse(body.expiresAt!)).toBeGreaterThan(Date.now());
    const theirs = await conversation(creator, creator.userId, brand.userId).expect(200);
    expect(theirs.body.conversation).toEqual(body.conversation);
  });

  it('pages backwards with before and limit', async () => {
    const last = await conversation(brand, brand.userId, creator.userId, { limit: '2' }).expect(
      200,
    );
    expect(last.body.conversation.map((m: { seq: number }) => m.seq)).toEqual([5, 6]);
    expect(last.body.hasMore).toBe(true);
    const earlier = await conversation(brand, brand.userId, creator.userId, {
      limit: '4',
      before: '5',
    }).expect(200);
    expect(earlier.body.conversation.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(earlier.body.hasMore).toBe(false);
  });

  it('lets the receiver mark the messages read, and only the receiver', async () => {
    const head = await headPosition(server);
    const refused = await markRead(brand, { sender: creator.userId, receiver: creator.userId });
    expect(refused.status).toBe(403);
    expect(await headPosition(server)).toBe(head);

    const read = await markRead(creator, { sender: brand.userId, receiver: creator.userId });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ success: true, message: E.markedRead, upToSeq: 5 });
    const seen = await conversation(brand, brand.userId, creator.userId).expect(200);
    expect(seen.body.conversation.map((m: { messageStatus: string }) => m.messageStatus)).toEqual([
      'read',
      'read',
      'read',
      'read',
      'read',
      'unread',
    ]);
    // Again: nothing more to mark, nothing appended.
    const again = await headPosition(server);
    await markRead(creator, { sender: brand.userId, receiver: creator.userId }).expect(200);
    expect(await headPosition(server)).toBe(again);
  });

  it('keeps conversations private: not for other users, not even for admins', async () => {
    const stranger = await registerUser(server, { role: 'influencer' });
    const admin = await loginAdmin(server);
    await conversation(stranger, brand.userId, creator.userId).expect(403);
    await conversation(admin, brand.userId, creator.userId).expect(403);
    const none = await conversation(stranger, stranger.userId, brand.userId).expect(404);
    expect(none.body).toEqual({ success: false, message: H.noConversation });
    await request(server.url)
      .get(`/api/messages/conversation/${brand.userId}/${creator.userId}`)
      .expect(401);
  });

  it('refuses bad paging and bad bodies, changing nothing', async () => {
    const head = await headPosition(server);
    for (const query of [{ limit: '0' }, { limit: '101' }, { before: 'x' }, { page: '2' }]) {
      const res = await conversation(brand, brand.userId, creator.userId, query);
      expect([res.status, res.body.success]).toEqual([400, false]);
    }
    const bad = await conversation(brand, brand.userId, '../../admin');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    for (const body of [{}, { sender: brand.userId }, { sender: 1, receiver: creator.userId }]) {
      const res = await markRead(creator, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body.success).toBe(false);
    }
    await markRead(creator, { sender: 'nobody-at-all', receiver: creator.userId }).expect(404);
    expect(await headPosition(server)).toBe(head);
  });

  it('accepts the notification call sent after each message, and does nothing more', async () => {
    const head = await headPosition(server);
    const res = await request(server.url)
      .post('/api/notifications/send-message')
      .set('Authorization', `Bearer ${brand.token}`)
      .send({ sender: 'Brand Co', receiver: creator.userId, message: 'Hello' })
      .expect(200);
    expect(res.body).toEqual({ success: true, message: E.nothingToSend });
    expect(await headPosition(server)).toBe(head);
    await request(server.url)
      .post('/api/notifications/send-message')
      .send({ sender: 'Brand Co', receiver: creator.userId, message: 'Hello' })
      .expect(401);
  });
});
