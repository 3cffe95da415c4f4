/**
 * Delivery receipts carried by the receiver's next message: a receipt waiting for its window
 * rides on the receiver's reply (one append, no MarkDelivered of its own), reaches the sender's
 * socket at once, and the read models after a ping-pong burst equal a rebuild from the log. A
 * message is acknowledged only once it is in the event store. A receipt waits a minute after
 * its window here, so nothing but the replies records the receipts that wait.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { MessageView, ReceiptData } from '@linkcoin/domain/messaging/contracts.ts';
import {
  conversationStreamId,
  pairIdOf,
  type ConversationEvent,
} from '@linkcoin/domain/messaging/conversation.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { loginAdmin, type TestUser } from '../testing/accounts.ts';
import { replayCheckOverHttp } from '../testing/audit.ts';
import type { ChatClient } from '../testing/messaging.ts';
import { useChatServer } from '../testing/chat-server.ts';
import { CONTEXTS } from '../runtime/composition.ts';
import { messagingContextWith } from './context.ts';

const WINDOW = 200;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('delivery receipts carried by the next message', () => {
  const chat = useChatServer({
    contexts: CONTEXTS.map((context) =>
      context.name === 'messaging'
        ? messagingContextWith({ receiptWindowMs: WINDOW, receiptCarryMs: 60_000 })
        : context,
    ),
  });
  const { connect, pair } = chat;
  const streamOf = async (a: TestUser, b: TestUser) =>
    (await chat.server.runtime.platform.eventStore.readStream(
      conversationStreamId(pairIdOf(a.userId, b.userId)),
    )) as readonly RecordedEvent<ConversationEvent>[];
  /** Sends and answers the acknowledged message, checking it is in the log by then. */
  const send = async (socket: ChatClient, from: TestUser, to: TestUser, content: string) => {
    const ack = await socket.sendMessage(from, to, content);
    expect(ack.status).toBe('ok');
    const message = ack.message as MessageView;
    const stored = (await streamOf(from, to)).find(
      (event) => event.type === 'MessageSent' && event.data.messageId === message._id,
    );
    expect(stored).toBeDefined();
    return message;
  };

  it("records a waiting receipt in the receiver's reply, and pushes it to the sender at once", async () => {
    const { brand, creator } = await pair();
    const brandSocket = await connect(brand);
    const creatorSocket = await connect(creator);

    // The first delivery to a quiet side is recorded at once, on its own.
    const first = await send(brandSocket, brand, creator, 'One');
    await creatorSocket.next<MessageView>('receive_message', (m) => m._id === first._id);
    await brandSocket.next<ReceiptData>('message_status', (r) => r.upToSeq === 1);
    // The second waits for the window (a minute here)...
    const second = await send(brandSocket, brand, creator, 'Two');
    await creatorSocket.next<MessageView>('receive_message', (m) => m._id === second._id);
    // ...and once it has passed, rides on the creator's answer.
    await pause(WINDOW + 50);
    const reply = await send(creatorSocket, creator, brand, 'Both here');
    expect(
      await brandSocket.next<ReceiptData>('message_status', (r) => r.upToSeq === 2),
    ).toMatchObject({ sender: brand.userId, receiver: creator.userId, messageStatus: 'delivered' });
    await brandSocket.next<MessageView>('receive_message', (m) => m._id === reply._id);

    const events = await streamOf(brand, creator);
    const receipts = events.filter(
      (event) => event.type === 'MessagesDelivered' && event.data.receiverId === creator.userId,
    );
    expect(
      receipts.map((event) => event.type === 'MessagesDelivered' && event.data.upToSeq),
    ).toEqual([1, 2]);
    const carried = receipts[1]!;
    const after = events.find((event) => event.revision === carried.revision + 1);
    expect(after).toMatchObject({ type: 'MessageSent', data: { messageId: reply._id, seq: 3 } });
    // One append: the same command's metadata.
    expect(after?.metadata.correlationId).toBe(carried.metadata.correlationId);
    // Pushed once (here, not again from the bus), and the history shows the tick.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      brandSocket.received<ReceiptData>('message_status').filter((r) => r.upToSeq === 2),
    ).toHaveLength(1);
    const history = (
      await request(chat.server.url)
        .get(`/api/messages/conversation/${brand.userId}/${creator.userId}`)
        .set('Authorization', `Bearer ${brand.token}`)
        .expect(200)
    ).body as { conversation: MessageView[] };
    expect(history.conversation.slice(0, 2).map((m) => m.messageStatus)).toEqual([
      'delivered',
      'delivered',
    ]);
  });

  it('gives a carried receipt back when its message is not stored (a resend)', async () => {
    const { brand, creator } = await pair();
    const brandSocket = await connect(brand);
    const creatorSocket = await connect(creator);
    const answer = await send(creatorSocket, creator, brand, 'Hello');
    await brandSocket.next<MessageView>('receive_message', (m) => m._id === answer._id);
    const first = await send(brandSocket, brand, creator, 'One');
    await creatorSocket.next<MessageView>('receive_message', (m) => m._id === first._id);
    await brandSocket.next<ReceiptData>('message_status', (r) => r.upToSeq === 2);
    const second = await send(brandSocket, brand, creator, 'Two');
    await creatorSocket.next<MessageView>('receive_message', (m) => m._id === second._id);
    const toCreator = (events: readonly RecordedEvent<ConversationEvent>[]) =>
      events.filter((e) => e.type === 'MessagesDelivered' && e.data.receiverId === creator.userId);
    await pause(WINDOW + 50);
    // A resend of the creator's first message stores nothing: the receipt is not lost with it.
    const again = await creatorSocket.sendMessage(creator, brand, 'Hello', answer._id);
    expect(again.status).toBe('ok');
    expect(toCreator(await streamOf(brand, creator)).map((e) => e.data)).toEqual([
      expect.objectContaining({ upToSeq: 2 }),
    ]);
    const reply = await send(creatorSocket, creator, brand, 'Now an answer');
    await brandSocket.next<ReceiptData>('message_status', (r) => r.upToSeq === 3);
    const events = await streamOf(brand, creator);
    const carried = toCreator(events).at(-1)!;
    expect(carried.type === 'MessagesDelivered' && carried.data.upToSeq).toBe(3);
    expect(events.find((e) => e.revision === carried.revision + 1)).toMatchObject({
      data: { messageId: reply._id },
    });
  });

  it('leaves the read models equal to a rebuild after a ping-pong burst', async () => {
    const pairs = await Promise.all([pair(), pair(), pair()]);
    await Promise.all(
      pairs.map(async ({ brand, creator }) => {
        const sockets = new Map([
          [brand.userId, await connect(brand)],
          [creator.userId, await connect(creator)],
        ]);
        let [from, to] = [brand, creator];
        for (let i = 1; i <= 12; i++) {
          const message = await send(sockets.get(from.userId)!, from, to, `Ping ${i}`);
          await sockets
            .get(to.userId)!
            .next<MessageView>('receive_message', (m) => m._id === message._id);
          [from, to] = [to, from];
          await pause(WINDOW / 3);
        }
      }),
    );
    for (const { brand, creator } of pairs) {
      const events = await streamOf(brand, creator);
      const receipts = events.filter((e) => e.type === 'MessagesDelivered');
      // Two recorded on their own (each side's first), the rest carried by the replies.
      expect(receipts.length).toBeGreaterThan(2);
      for (const receipt of receipts.slice(2)) {
        expect(events.find((e) => e.revision === receipt.revision + 1)?.type).toBe('MessageSent');
      }
    }
    const { eventStore, progress } = chat.server.runtime.platform;
    expect(await progress.waitFor(await eventStore.headPosition(), 20_000)).toBe(true);
    const { check } = await replayCheckOverHttp(chat.server.url, await loginAdmin(chat.server));
    expect(check).toMatchObject({
      status: 'done',
      differenceCount: 0,
      differences: [],
      error: null,
    });
  });
});
