/**
 * The real-time chat on /ws with real `ws` clients against the embedded runtime: join, send with
 * acknowledgements, delivery to the receiver, delivery and read receipts to the sender, presence,
 * the refusals (no conversation, expired, another sender, bad content, too fast), bad frames, and
 * two gateway nodes on one bus.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MessageView,
  PresenceData,
  ReceiptData,
} from '@linkcoin/domain/messaging/contracts.ts';
import { MESSAGING_MESSAGES as M } from '@linkcoin/domain/messaging/messages.ts';
import type { DeliveredMessage } from '@linkcoin/infra/bus/port.ts';
import type { ForwardedEvent } from '../platform/forwarder/forwarder.ts';
import { GATEWAY_MESSAGES } from '../platform/gateway/gateway.ts';
import {
  appendedFor,
  grantAuditor,
  headPosition,
  loginAdmin,
  registerUser,
  verifiedEmail,
  type TestUser,
} from '../testing/accounts.ts';
import { startGatewayNode, type GatewayNode } from '../testing/gateway-node.ts';
import type { ChatClient } from '../testing/messaging.ts';
import { openConversation } from '../testing/messaging.ts';
import { useChatServer } from '../testing/chat-server.ts';
import { adjustableClock } from '../testing/test-server.ts';
import { CONVERSATION_TOPIC } from './chat.ts';
import { MESSAGING_HANDLER_MESSAGES as H } from './handlers.ts';

const MESSAGES_PER_MINUTE = 12;

describe('the chat on /ws', () => {
  const clock = adjustableClock();
  const chat = useChatServer({
    clock,
    env: { CHAT_MESSAGES_PER_MINUTE: String(MESSAGES_PER_MINUTE) },
  });
  const { connect, pair } = chat;
  const history = async (me: TestUser, other: TestUser) =>
    (
      await request(chat.server.url)
        .get(`/api/messages/conversation/${me.userId}/${other.userId}`)
        .set('Authorization', `Bearer ${me.token}`)
        .expect(200)
    ).body as { conversation: MessageView[]; expired: boolean };

  it('lets a socket join as its own user only', async () => {
    const { brand, creator } = await pair();
    const socket = await connect(brand);
    expect(await socket.request('join', brand.userId)).toMatchObject({
      status: 'ok',
      userId: brand.userId,
    });
    expect(await socket.request('join', { userId: brand.userId })).toMatchObject({ status: 'ok' });
    expect(await socket.request('join', creator.userId)).toEqual({
      status: 'error',
      message: H.joinAsYourself,
    });
  });

  it('acknowledges a message, delivers it, and turns the ticks delivered then read', async () => {
    const { brand, creator } = await pair();
    const brandSocket = await connect(brand);
    const creatorSocket = await connect(creator);
    await creatorSocket.request('join', creator.userId);

    const ack = await brandSocket.sendMessage(brand, creator, '  Hello Asha!  ');
    expect(ack).toMatchObject({
      status: 'ok',
      message: {
        sender: brand.userId,
        receiver: creator.userId,
        content: 'Hello Asha!',
        status: 'sent',
        messageStatus: 'unread',
        seq: 1,
      },
    });
    const sent = ack.message as MessageView;
    const received = await creatorSocket.next<MessageView>('receive_message');
    expect(received).toMatchObject({ _id: sent._id, content: 'Hello Asha!', seq: 1 });

    const delivered = await brandSocket.next<ReceiptData>(
      'message_status',
      (r) => r.messageStatus === 'delivered',
    );
    expect(delivered).toMatchObject({ sender: brand.userId, receiver: creator.userId, upToSeq: 1 });
    expect((await history(brand, creator)).conversation[0]?.messageStatus).toBe('delivered');

    expect(
      await creatorSocket.request('mark_as_read', {
        sender: brand.userId,
        receiver: creator.userId,
      }),
    ).toEqual({ status: 'ok', upToSeq: 1 });
    const read = await brandSocket.next<ReceiptData>(
      'message_status',
      (r) => r.messageStatus === 'read',
    );
    expect(read).toMatchObject({ sender: brand.userId, upToSeq: 1 });
    await expect
      .poll(async () => (await history(brand, creator)).conversation[0]?.messageStatus)
      .toBe('read');

    // The creator answers; the brand receives it.
    const reply = await creatorSocket.sendMessage(creator, brand, 'Hi! Happy to talk.');
    expect(reply.status).toBe('ok');
    expect(await brandSocket.next<MessageView>('receive_message')).toMatchObject({
      sender: creator.userId,
      content: 'Hi! Happy to talk.',
      seq: 2,
    });
  });

  it('marks a burst delivered up to its last message, though receipts are batched', async () => {
    const { brand, creator } = await pair();
    const brandSocket = await connect(brand);
    const creatorSocket = await connect(creator);
    const sent: MessageView[] = [];
    for (let i = 1; i <= 5; i++) {
      sent.push(
        (await brandSocket.sendMessage(brand, creator, `Burst ${i}`)).message as MessageView,
      );
    }
    for (const message of sent) {
      await creatorSocket.next<MessageView>('receive_message', (m) => m._id === message._id);
    }
    // The receipts of a burst may come as one or several, the last covering the fifth message.
    const last = await brandSocket.next<ReceiptData>(
      'message_status',
      (r) => r.messageStatus === 'delivered' && r.upToSeq === 5,
    );
    expect(last).toMatchObject({ sender: brand.userId, receiver: creator.userId });
    await expect
      .poll(async () => (await history(brand, creator)).conversation.map((m) => m.messageStatus))
      .toEqual(['delivered', 'delivered', 'delivered', 'delivered', 'delivered']);
    // Each receipt reached the sender once (pushed on this node; its bus copy not again), in
    // order, never more receipts than messages.
    const statuses = brandSocket
      .received<ReceiptData>('message_status')
      .filter((r) => r.receiver === creator.userId)
      .map((r) => r.upToSeq);
    expect(statuses.at(-1)).toBe(5);
    expect(statuses.length).toBeLessThanOrEqual(5);
    expect(statuses).toEqual([...new Set(statuses)].sort((a, b) => a - b));
  });

  it('stores a resent message once and answers the stored one', async () => {
    const { brand, creator } = await pair();
    const socket = await connect(brand);
    const messageId = randomUUID();
    const first = await socket.sendMessage(brand, creator, 'Only once', messageId);
    const head = await headPosition(chat.server);
    const again = await socket.sendMessage(brand, creator, 'Only once', messageId);
    expect(again).toEqual(first);
    expect(await appendedFor(chat.server, head, [brand, creator])).toEqual([]);
    expect((await history(brand, creator)).conversation).toHaveLength(1);
  });

  it('shows a message the forwarder publishes twice once (a restart before its checkpoint)', async () => {
    const { brand, creator } = await pair();
    const bus = chat.server.runtime.platform.bus;
    const forwarded: DeliveredMessage[] = [];
    const tap = await bus.subscribe({
      groupId: `tap-${randomUUID()}`,
      topics: [CONVERSATION_TOPIC],
      handler: async (message) => void forwarded.push(message),
    });
    try {
      const brandSocket = await connect(brand);
      const creatorSocket = await connect(creator);
      await creatorSocket.request('join', creator.userId);
      const first = (await brandSocket.sendMessage(brand, creator, 'Once')).message as MessageView;
      await creatorSocket.next<MessageView>('receive_message', (m) => m._id === first._id);
      await expect
        .poll(() => forwarded.find((m) => (m.value as ForwardedEvent).type === 'MessageSent'))
        .toBeDefined();
      const copy = forwarded.find((m) => (m.value as ForwardedEvent).type === 'MessageSent')!;
      // The same event published again, as a forwarder does after a crash between its publish
      // and its checkpoint; then the next message, behind it on the same key.
      await bus.publish(CONVERSATION_TOPIC, [
        { key: copy.key, value: copy.value, ...(copy.headers ? { headers: copy.headers } : {}) },
      ]);
      const second = (await brandSocket.sendMessage(brand, creator, 'Then this'))
        .message as MessageView;
      await creatorSocket.next<MessageView>('receive_message', (m) => m._id === second._id);
      expect(creatorSocket.received<MessageView>('receive_message').map((m) => m._id)).toEqual([
        first._id,
        second._id,
      ]);
    } finally {
      await tap.stop();
    }
  });

  it('delivers to a receiver on the same node once, though the bus brings the message too', async () => {
    const { brand, creator } = await pair();
    const brandSocket = await connect(brand);
    const creatorSocket = await connect(creator);
    await creatorSocket.request('join', creator.userId);
    const sent = (await brandSocket.sendMessage(brand, creator, 'Straight to you'))
      .message as MessageView;
    await creatorSocket.next<MessageView>('receive_message', (m) => m._id === sent._id);
    // The delivery receipt travels the bus after the message's own copy (same stream, same key):
    // once it is here, the copy has come and gone.
    await brandSocket.next<ReceiptData>(
      'message_status',
      (r) => r.messageStatus === 'delivered' && r.upToSeq >= sent.seq,
    );
    expect(
      creatorSocket.received<MessageView>('receive_message').filter((m) => m._id === sent._id),
    ).toHaveLength(1);
    const stored = await history(creator, brand);
    expect(stored.conversation.map((m) => m._id)).toContain(sent._id);
  });

  it('refuses messages without a live connection, to expired chats and in another name', async () => {
    const { brand, creator } = await pair();
    const stranger = await registerUser(chat.server, { role: 'influencer' });
    const socket = await connect(brand);
    const head = await headPosition(chat.server);

    expect(await socket.sendMessage(brand, stranger, 'Hello?')).toEqual({
      status: 'error',
      message: M.noConversation,
    });
    expect(await socket.sendMessage(creator, brand, 'Pretending')).toEqual({
      status: 'error',
      message: H.notYourself,
    });
    for (const blank of ['   ', '\u200b', '\u3164\u200d', '\u202e\u202c', '\u0000']) {
      expect(await socket.sendMessage(brand, creator, blank)).toEqual({
        status: 'error',
        message: M.emptyMessage,
      });
    }
    expect(await socket.sendMessage(brand, creator, 'x'.repeat(2001))).toEqual({
      status: 'error',
      message: M.tooLong,
    });
    expect(
      await socket.request('mark_as_read', { sender: creator.userId, receiver: stranger.userId }),
    ).toEqual({ status: 'error', message: H.readYourOwn });
    expect(await appendedFor(chat.server, head, [brand, creator, stranger])).toEqual([]);

    // Expired: past its expiry the conversation is read-only (the clock moves, nobody sleeps).
    const brand2 = await registerUser(chat.server, { role: 'user' });
    const creator2 = await registerUser(chat.server, { role: 'influencer' });
    await openConversation(chat.server, brand2, creator2, {
      expiresAt: new Date(clock.now().getTime() + 60_000),
    });
    const oldSocket = await connect(brand2);
    expect((await oldSocket.sendMessage(brand2, creator2, 'In time')).status).toBe('ok');
    clock.advance(2 * 60_000);
    const before = await headPosition(chat.server);
    expect(await oldSocket.sendMessage(brand2, creator2, 'Too late')).toEqual({
      status: 'error',
      message: M.expired,
    });
    expect(await appendedFor(chat.server, before, [brand2, creator2])).toEqual([]);
    const seen = await history(brand2, creator2);
    expect(seen.expired).toBe(true);
    expect(seen.conversation.map((m) => m.content)).toEqual(['In time']);
  });

  it('limits the messages of one user', async () => {
    const { brand, creator } = await pair();
    const socket = await connect(brand);
    const answers: Awaited<ReturnType<ChatClient['sendMessage']>>[] = [];
    for (let i = 0; i < MESSAGES_PER_MINUTE + 3; i++) {
      answers.push(await socket.sendMessage(brand, creator, `Message ${i}`));
    }
    expect(answers.slice(0, MESSAGES_PER_MINUTE).every((a) => a.status === 'ok')).toBe(true);
    expect(answers.slice(MESSAGES_PER_MINUTE)).toEqual(
      Array.from({ length: 3 }, () => ({ status: 'error', message: M.tooFast })),
    );
    expect((await history(brand, creator)).conversation).toHaveLength(MESSAGES_PER_MINUTE);
    // The other side is not limited by the brand's sending.
    const creatorSocket = await connect(creator);
    expect((await creatorSocket.sendMessage(creator, brand, 'Still fine')).status).toBe('ok');
  });

  it('answers bad frames with an error and changes nothing', async () => {
    const { brand, creator } = await pair();
    const socket = await connect(brand);
    const head = await headPosition(chat.server);
    const errors = () => socket.received<{ message: string }>('error').map((e) => e.message);

    socket.socket.send('not json at all');
    socket.socket.send(JSON.stringify([1, 2, 3]));
    socket.socket.send(JSON.stringify({ event: 'send_message', data: {}, extra: true }));
    socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.socket.send(JSON.stringify({ event: 'no_such_event', data: {} }));
    await expect.poll(() => errors().length).toBe(5);
    expect(errors()).toEqual([
      GATEWAY_MESSAGES.notJson,
      GATEWAY_MESSAGES.notJson,
      GATEWAY_MESSAGES.notJson,
      GATEWAY_MESSAGES.binary,
      `${GATEWAY_MESSAGES.unknownEvent} "no_such_event".`,
    ]);
    // With an acknowledgement number, the refusal comes as the acknowledgement.
    expect(await socket.request('send_message', { sender: brand.userId })).toMatchObject({
      status: 'error',
    });
    expect(
      await socket.request('send_message', {
        sender: brand.userId,
        receiver: creator.userId,
        content: 'Hi',
        messageId: 'not-a-uuid',
      }),
    ).toEqual({
      status: 'error',
      message: 'This message could not be sent. Please send it again.',
    });
    expect(
      await socket.request('send_message', {
        sender: { $gt: '' },
        receiver: creator.userId,
        content: 'Hi',
      }),
    ).toMatchObject({ status: 'error' });
    expect(await appendedFor(chat.server, head, [brand, creator])).toEqual([]);
    // The socket still works.
    expect((await socket.sendMessage(brand, creator, 'After the noise')).status).toBe('ok');
  });

  it('closes a socket that sends a frame over the size limit', async () => {
    const { brand } = await pair();
    const socket = await connect(brand);
    socket.socket.send(JSON.stringify({ event: 'join', data: 'x'.repeat(70 * 1024) }));
    expect((await socket.closed).code).toBe(1009);
  });

  it('tells contacts when a user comes online and goes offline', async () => {
    const { brand, creator } = await pair();
    const brandSocket = await connect(brand);
    expect(await brandSocket.request('join', brand.userId)).toMatchObject({ online: [] });

    const creatorSocket = await connect(creator);
    expect(
      await brandSocket.next<PresenceData>('presence', (p) => p.userId === creator.userId),
    ).toEqual({ userId: creator.userId, isOnline: true });
    expect(await creatorSocket.request('join', creator.userId)).toMatchObject({
      online: [brand.userId],
    });
    // A second socket of the creator changes nothing; the last one closing does.
    const secondTab = await connect(creator);
    await creatorSocket.close();
    await secondTab.close();
    expect(await brandSocket.next<PresenceData>('presence', (p) => !p.isOnline)).toEqual({
      userId: creator.userId,
      isOnline: false,
    });
    expect(
      brandSocket.received<PresenceData>('presence').filter((p) => p.userId === creator.userId),
    ).toEqual([
      { userId: creator.userId, isOnline: true },
      { userId: creator.userId, isOnline: false },
    ]);
  });

  it('marks messages that waited delivered when the receiver connects', async () => {
    const { brand, creator } = await pair();
    const brandSocket = await connect(brand);
    expect((await brandSocket.sendMessage(brand, creator, 'While you were away')).status).toBe(
      'ok',
    );
    await connect(creator);
    expect(
      await brandSocket.next<ReceiptData>('message_status', (r) => r.messageStatus === 'delivered'),
    ).toMatchObject({ receiver: creator.userId, upToSeq: 1 });
  });

  describe('across two gateway nodes on one bus', () => {
    let second: GatewayNode;
    beforeAll(async () => {
      second = await startGatewayNode(chat.server, { nodeId: 'second-node' });
    });
    afterAll(async () => {
      await second?.stop();
    });

    it('lets a user on one node talk in real time with a user on the other', async () => {
      const { brand, creator } = await pair();
      const brandSocket = await connect(brand); // on the server's own gateway
      const creatorSocket = await connect(creator, second.url); // on the second node
      expect(
        await brandSocket.next<PresenceData>('presence', (p) => p.userId === creator.userId),
      ).toEqual({ userId: creator.userId, isOnline: true });

      const ack = await brandSocket.sendMessage(brand, creator, 'Across the nodes');
      expect(ack.status).toBe('ok');
      expect(await creatorSocket.next<MessageView>('receive_message')).toMatchObject({
        sender: brand.userId,
        content: 'Across the nodes',
      });
      expect(
        await brandSocket.next<ReceiptData>(
          'message_status',
          (r) => r.messageStatus === 'delivered',
        ),
      ).toMatchObject({ upToSeq: 1 });

      await creatorSocket.request('mark_as_read', {
        sender: brand.userId,
        receiver: creator.userId,
      });
      expect(
        await brandSocket.next<ReceiptData>('message_status', (r) => r.messageStatus === 'read'),
      ).toMatchObject({ upToSeq: 1 });

      expect((await creatorSocket.sendMessage(creator, brand, 'Back to you')).status).toBe('ok');
      expect(
        await brandSocket.next<MessageView>('receive_message', (m) => m.content === 'Back to you'),
      ).toMatchObject({ sender: creator.userId });

      await creatorSocket.close();
      expect(await brandSocket.next<PresenceData>('presence', (p) => !p.isOnline)).toEqual({
        userId: creator.userId,
        isOnline: false,
      });
    });

    /** The sockets close well before the 30-second heartbeat could have closed them. */
    const closesAtOnce = async (socket: ChatClient) => {
      await expect.poll(() => socket.socket.readyState, { timeout: 5_000 }).toBe(WebSocket.CLOSED);
      expect((await socket.closed).code).toBe(4401);
    };

    it('ends a session on every node at once when it logs out, and stores nothing sent under it', async () => {
      const { brand, creator } = await pair();
      const here = await connect(brand);
      const there = await connect(brand, second.url);
      const other = await connect(creator, second.url);
      expect((await here.sendMessage(brand, creator, 'Before logout')).status).toBe('ok');
      await request(chat.server.url)
        .post('/api/pageowners/logout')
        .set('Authorization', `Bearer ${brand.token}`)
        .expect(200);
      // Sent right after: refused (or the socket is already gone), never stored.
      here.socket.send(
        JSON.stringify({
          event: 'send_message',
          data: { sender: brand.userId, receiver: creator.userId, content: 'After logout' },
          ack: 99,
        }),
      );
      await closesAtOnce(here);
      await closesAtOnce(there);
      const answer = here.frames.find((frame) => frame.ack === 99);
      if (answer) {
        expect(answer.data).toEqual({ status: 'error', message: GATEWAY_MESSAGES.sessionEnded });
      }
      const sent = (await history(creator, brand)).conversation.map((m) => m.content);
      expect(sent).toEqual(['Before logout']);
      expect(other.socket.readyState).toBe(WebSocket.OPEN);
      // A new session connects again.
      const login = await request(chat.server.url)
        .post('/api/pageowners/login')
        .send({ email: brand.email, password: brand.password })
        .expect(200);
      const again = await connect({ ...brand, token: login.body.token as string });
      expect((await again.sendMessage(brand, creator, 'Signed in again')).status).toBe('ok');
    });

    it('ends it the same way after a password reset and when a role is revoked', async () => {
      const { brand } = await pair();
      const sockets = [await connect(brand), await connect(brand, second.url)];
      clock.advance(61_000); // one e-mail code a minute: the registration's was just sent
      const verificationToken = await verifiedEmail(chat.server, brand.email, 'password_reset');
      await request(chat.server.url)
        .post('/api/pageowners/forget-password')
        .send({ email: brand.email, newPassword: 'a brand new secret', verificationToken })
        .expect(200);
      for (const socket of sockets) await closesAtOnce(socket);

      const auditor = await registerUser(chat.server, { role: 'user' });
      const admin = await loginAdmin(chat.server);
      await grantAuditor(chat.server, admin, auditor.userId);
      const watched = [await connect(auditor), await connect(auditor, second.url)];
      await request(chat.server.url)
        .delete(`/api/admin/users/${auditor.userId}/roles/auditor`)
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200);
      for (const socket of watched) await closesAtOnce(socket);
    });
  });
});
