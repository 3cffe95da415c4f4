import { describe, expect, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import {
  conversationDecider,
  hasVisibleText,
  pairIdOf,
  replyDeadline,
  replyGuaranteeBroken,
  type ConversationEvent,
  type SendMessage,
} from './conversation.ts';
import { MESSAGING_MESSAGES as M } from './messages.ts';

const given = DeciderSpecification.for(conversationDecider);
const hour = 60 * 60 * 1000;
const t0 = new Date('2026-01-15T10:00:00.000Z');
const atHour = (hours: number) => new Date(t0.getTime() + hours * hour);
const pairId = pairIdOf('brand-1', 'creator-1');

const opened: ConversationEvent = {
  type: 'ConversationOpened',
  data: {
    pairId,
    payerId: 'brand-1',
    creatorId: 'creator-1',
    connectionId: 'c-1',
    expiresAt: atHour(7 * 24).toISOString(),
    at: t0.toISOString(),
  },
};
const send = (
  messageId: string,
  senderId = 'brand-1',
  receiverId = 'creator-1',
  content = 'Hello!',
  hours = 1,
): SendMessage => ({
  type: 'SendMessage',
  data: { messageId, senderId, receiverId, content },
  metadata: testMetadata({ now: atHour(hours) }),
});
const sent = (
  messageId: string,
  seq: number,
  senderId = 'brand-1',
  receiverId = 'creator-1',
  hours = 1,
): ConversationEvent => ({
  type: 'MessageSent',
  data: {
    pairId,
    messageId,
    seq,
    senderId,
    receiverId,
    content: 'Hello!',
    connectionId: 'c-1',
    at: atHour(hours).toISOString(),
  },
});

const sentAt = (messageId: string, seq: number, senderId: string, receiverId: string) =>
  sent(messageId, seq, senderId, receiverId);

describe('a conversation', () => {
  it('has one id for the pair, whoever asks', () => {
    expect(pairIdOf('b', 'a')).toBe(pairIdOf('a', 'b'));
  });

  it('is opened by a connection and extended by a renewal, once each', () => {
    const open = {
      type: 'OpenConversation' as const,
      data: {
        payerId: 'brand-1',
        creatorId: 'creator-1',
        connectionId: 'c-1',
        expiresAt: atHour(7 * 24).toISOString(),
      },
      metadata: testMetadata({ now: t0 }),
    };
    given([]).when(open).then(opened);
    given([opened]).when(open).thenNothingHappens();
    given([opened])
      .when({ ...open, data: { ...open.data, expiresAt: atHour(14 * 24).toISOString() } })
      .then({
        type: 'ConversationExtended',
        data: {
          pairId,
          connectionId: 'c-1',
          expiresAt: atHour(14 * 24).toISOString(),
          at: t0.toISOString(),
        },
      });
  });

  it('never shortens an expiry, and never reopens a closed connection', () => {
    const open = (expiresAt: string, connectionId = 'c-1', payerId = 'brand-1') => ({
      type: 'OpenConversation' as const,
      data: {
        payerId,
        creatorId: payerId === 'brand-1' ? 'creator-1' : 'brand-1',
        connectionId,
        expiresAt,
      },
      metadata: testMetadata({ now: atHour(2) }),
    });
    const extended: ConversationEvent = {
      type: 'ConversationExtended',
      data: {
        pairId,
        connectionId: 'c-1',
        expiresAt: atHour(14 * 24).toISOString(),
        at: atHour(1).toISOString(),
      },
    };
    // A late or replayed opening after a renewal changes nothing.
    given([opened, extended])
      .when(open(atHour(7 * 24).toISOString()))
      .thenNothingHappens();
    const closed: ConversationEvent = {
      type: 'ConversationClosed',
      data: { pairId, connectionId: 'c-1', at: atHour(1).toISOString() },
    };
    given([opened, closed])
      .when(open(atHour(14 * 24).toISOString()))
      .thenNothingHappens();
    // A new connection after the removal opens it again, with a fresh reply guarantee.
    given([opened, sentAt('m-1', 1, 'brand-1', 'creator-1'), closed])
      .when(open(atHour(9 * 24).toISOString(), 'c-2'))
      .then({
        type: 'ConversationExtended',
        data: {
          pairId,
          connectionId: 'c-2',
          expiresAt: atHour(9 * 24).toISOString(),
          at: atHour(2).toISOString(),
        },
      });
    given([opened, sentAt('m-1', 1, 'brand-1', 'creator-1'), closed])
      .when(open(atHour(9 * 24).toISOString(), 'c-2'))
      .thenState((state) => {
        expect(state.status).toBe('open');
        expect(state.firstPayerMessageAt).toBeNull();
      });
  });

  it('opens again with the roles swapped when the other one pays after a removal', () => {
    const closed: ConversationEvent = {
      type: 'ConversationClosed',
      data: { pairId, connectionId: 'c-1', at: atHour(1).toISOString() },
    };
    const reverse = {
      type: 'OpenConversation' as const,
      data: {
        payerId: 'creator-1',
        creatorId: 'brand-1',
        connectionId: 'c-2',
        expiresAt: atHour(9 * 24).toISOString(),
      },
      metadata: testMetadata({ now: atHour(2) }),
    };
    given([opened, sentAt('m-1', 1, 'brand-1', 'creator-1'), closed])
      .when(reverse)
      .thenState((state) => {
        expect(state).toMatchObject({
          status: 'open',
          payerId: 'creator-1',
          creatorId: 'brand-1',
          connectionId: 'c-2',
          firstPayerMessageAt: null,
          seq: 1,
        });
      });
    // While the first payer's connection is live, it keeps the conversation: the second
    // payer's connection is refused (to be cancelled and refunded), and the state stays.
    const refused: ConversationEvent = {
      type: 'ConversationOpenRefused',
      data: {
        pairId,
        payerId: 'creator-1',
        creatorId: 'brand-1',
        connectionId: 'c-2',
        reason: 'already_connected',
        heldBy: 'c-1',
        at: atHour(2).toISOString(),
      },
    };
    given([opened]).when(reverse).then(refused);
    given([opened, refused])
      .when(reverse)
      .thenState((state) => {
        expect(state).toMatchObject({ status: 'open', payerId: 'brand-1', connectionId: 'c-1' });
      });
    // An expired (not removed) connection still holds it: the payer may renew.
    given([opened])
      .when({ ...reverse, metadata: testMetadata({ now: atHour(30 * 24) }) })
      .then({ ...refused, data: { ...refused.data, at: atHour(30 * 24).toISOString() } });
  });

  it('stores a message from either side, trimmed, in order', () => {
    given([opened])
      .when(send('m-1', 'brand-1', 'creator-1', '  Hello!  '))
      .then(sent('m-1', 1));
    given([opened, sent('m-1', 1)])
      .when(send('m-2', 'creator-1', 'brand-1'))
      .then(sent('m-2', 2, 'creator-1', 'brand-1'));
  });

  it('stores a resent message once', () => {
    given([opened, sent('m-1', 1)])
      .when(send('m-1'))
      .thenNothingHappens();
  });

  it('refuses blank and oversized messages', () => {
    given([opened])
      .when(send('m-1', 'brand-1', 'creator-1', ' \n '))
      .thenRefused('validation', M.emptyMessage);
    given([opened])
      .when(send('m-1', 'brand-1', 'creator-1', 'x'.repeat(2001)))
      .thenRefused('validation', M.tooLong);
  });

  it.each([
    ['a zero-width space', '\u200b'],
    ['joiners', '\u200c\u200d\u2060'],
    ['a Hangul filler', '\u3164'],
    ['a soft hyphen', '\u00ad'],
    ['bidi controls', '\u202e\u202c'],
    ['a NUL', '\u0000'],
    ['a byte order mark and spaces', ' \ufeff\u00a0\u3000 '],
    ['a blank braille pattern', '\u2800'],
    ['accents over nothing', '\u0301\u0301'],
  ])('refuses a message of only %s as blank', (_what, content) => {
    expect(hasVisibleText(content)).toBe(false);
    given([opened])
      .when(send('m-1', 'brand-1', 'creator-1', content))
      .thenRefused('validation', M.emptyMessage);
  });

  it('stores visible text around invisible characters, emoji and other scripts', () => {
    for (const content of ['a\u200bb', '👍🏽', 'नमस्ते', '👨\u200d👩\u200d👧', 'e\u0301', '❤️']) {
      expect(hasVisibleText(content)).toBe(true);
    }
    given([opened])
      .when(send('m-1', 'brand-1', 'creator-1', ' \u200bhi\u200b '))
      .then([expect.objectContaining({ type: 'MessageSent' })]);
    // A lone surrogate is not stored as such.
    given([opened])
      .when(send('m-1', 'brand-1', 'creator-1', 'lone \ud800 surrogate'))
      .then([
        expect.objectContaining({
          data: expect.objectContaining({ content: 'lone \ufffd surrogate' }),
        }),
      ]);
  });

  it('refuses anyone outside the pair, and a pair that never connected', () => {
    given([opened])
      .when(send('m-1', 'brand-2', 'creator-1'))
      .thenRefused('forbidden', M.notParticipant);
    given([opened])
      .when(send('m-1', 'brand-1', 'brand-1'))
      .thenRefused('forbidden', M.notParticipant);
    given([]).when(send('m-1')).thenRefused('forbidden', M.noConversation);
  });

  it('is read-only from its expiry on, for both sides', () => {
    given([opened])
      .when(send('m-1', 'brand-1', 'creator-1', 'Hi', 7 * 24))
      .thenRefused('forbidden', M.expired);
    given([opened])
      .when(send('m-1', 'creator-1', 'brand-1', 'Hi', 8 * 24))
      .thenRefused('forbidden', M.expired);
  });

  it('is closed when the payer removes the contact', () => {
    const closed: ConversationEvent = {
      type: 'ConversationClosed',
      data: { pairId, connectionId: 'c-1', at: atHour(2).toISOString() },
    };
    given([opened])
      .when({
        type: 'CloseConversation',
        data: { connectionId: 'c-1' },
        metadata: testMetadata({ now: atHour(2) }),
      })
      .then(closed);
    given([opened, closed])
      .when(send('m-1', 'brand-1', 'creator-1', 'Hi', 3))
      .thenRefused('forbidden', M.closed);
  });

  it('moves the ticks forward only: delivered, then read', () => {
    const history = [opened, sent('m-1', 1), sent('m-2', 2)];
    const delivered: ConversationEvent = {
      type: 'MessagesDelivered',
      data: {
        pairId,
        receiverId: 'creator-1',
        senderId: 'brand-1',
        upToSeq: 2,
        at: atHour(1).toISOString(),
      },
    };
    const markDelivered = {
      type: 'MarkDelivered' as const,
      data: { receiverId: 'creator-1' },
      metadata: testMetadata({ now: atHour(1) }),
    };
    const markRead = {
      type: 'MarkRead' as const,
      data: { readerId: 'creator-1' },
      metadata: testMetadata({ now: atHour(1) }),
    };
    given(history).when(markDelivered).then(delivered);
    given([...history, delivered])
      .when(markDelivered)
      .thenNothingHappens();
    given([...history, delivered])
      .when(markRead)
      .then({
        type: 'MessagesRead',
        data: {
          pairId,
          readerId: 'creator-1',
          senderId: 'brand-1',
          upToSeq: 2,
          at: atHour(1).toISOString(),
        },
      });
    // The payer has received nothing: nothing to mark.
    given(history)
      .when({ ...markRead, data: { readerId: 'brand-1' } })
      .thenNothingHappens();
    given(history)
      .when({ ...markRead, data: { readerId: 'stranger' } })
      .thenRefused('forbidden', M.notParticipant);
  });
});

describe('a delivery receipt carried by the next message', () => {
  const history = [opened, sent('m-1', 1), sent('m-2', 2)];
  const reply = (messageId: string): SendMessage => {
    const command = send(messageId, 'creator-1', 'brand-1', 'Hello!', 2);
    return { ...command, data: { ...command.data, alsoDelivered: true } };
  };
  const deliveredUpTo = (upToSeq: number): ConversationEvent => ({
    type: 'MessagesDelivered',
    data: {
      pairId,
      receiverId: 'creator-1',
      senderId: 'brand-1',
      upToSeq,
      at: atHour(2).toISOString(),
    },
  });

  it('records the receipt of what the sender received, then the message, in one append', () => {
    given(history)
      .when(reply('m-3'))
      .then([deliveredUpTo(2), sent('m-3', 3, 'creator-1', 'brand-1', 2)]);
  });

  it('records the message alone when everything received is marked delivered already', () => {
    given([...history, deliveredUpTo(2)])
      .when(reply('m-3'))
      .then(sent('m-3', 3, 'creator-1', 'brand-1', 2));
  });

  it('records nothing for a resent message, receipt included', () => {
    given([...history, sent('m-3', 3, 'creator-1', 'brand-1', 2)])
      .when(reply('m-3'))
      .thenNothingHappens();
  });
});

describe('message ids', () => {
  it("stores a resent message once, and keeps one sender from taking the other one's id", () => {
    given([opened, sent('m-1', 1)])
      .when(send('m-1'))
      .thenNothingHappens();
    given([opened, sent('m-1', 1)])
      .when(send('m-1', 'creator-1', 'brand-1'))
      .thenRefused('conflict', M.messageIdTaken);
  });
});

describe('the unread e-mail notice', () => {
  const notice = (hours = 2) => ({
    type: 'NoticeUnread' as const,
    data: { receiverId: 'creator-1' },
    metadata: testMetadata({ now: atHour(hours) }),
  });
  const noticed = (upToSeq: number, hours = 2): ConversationEvent => ({
    type: 'UnreadMessagesNoticed',
    data: {
      pairId,
      receiverId: 'creator-1',
      senderId: 'brand-1',
      upToSeq,
      at: atHour(hours).toISOString(),
    },
  });
  const read = (upToSeq: number): ConversationEvent => ({
    type: 'MessagesRead',
    data: {
      pairId,
      readerId: 'creator-1',
      senderId: 'brand-1',
      upToSeq,
      at: atHour(3).toISOString(),
    },
  });

  it('is claimed once per quiet period, however many messages wait', () => {
    given([opened, sent('m-1', 1), sent('m-2', 2)])
      .when(notice())
      .then(noticed(2));
    given([opened, sent('m-1', 1), noticed(1), sent('m-2', 2)])
      .when(notice())
      .thenNothingHappens();
  });

  it('has nothing to say when everything was read, and starts a new period after a read', () => {
    given([opened, sent('m-1', 1), read(1)])
      .when(notice())
      .thenNothingHappens();
    given([opened]).when(notice()).thenNothingHappens();
    given([opened, sent('m-1', 1), noticed(1), read(1), sent('m-2', 2)])
      .when(notice(4))
      .then(noticed(2, 4));
  });

  it('is not sent for a removed contact, nor to a stranger', () => {
    const closed: ConversationEvent = {
      type: 'ConversationClosed',
      data: { pairId, connectionId: 'c-1', at: atHour(2).toISOString() },
    };
    given([opened, sent('m-1', 1), closed])
      .when(notice())
      .thenNothingHappens();
    given([opened, sent('m-1', 1)])
      .when({ ...notice(), data: { receiverId: 'stranger' } })
      .thenRefused('forbidden', M.notParticipant);
  });
});

describe('the 48-hour reply guarantee', () => {
  const firstPayer = atHour(1).toISOString();
  it('holds until 48 hours after the payer first wrote', () => {
    const silent = { firstPayerMessageAt: firstPayer, firstCreatorMessageAt: null };
    expect(replyGuaranteeBroken(silent, atHour(48))).toBe(false);
    expect(replyGuaranteeBroken(silent, atHour(49))).toBe(true);
  });

  it('is kept by a reply within the 48 hours, or by a creator who wrote first', () => {
    const replied = {
      firstPayerMessageAt: firstPayer,
      firstCreatorMessageAt: atHour(30).toISOString(),
    };
    expect(replyGuaranteeBroken(replied, atHour(60))).toBe(false);
    const first = { firstPayerMessageAt: firstPayer, firstCreatorMessageAt: t0.toISOString() };
    expect(replyGuaranteeBroken(first, atHour(60))).toBe(false);
  });

  it('is void when the payer removed the contact before the deadline', () => {
    const removed = {
      firstPayerMessageAt: firstPayer,
      firstCreatorMessageAt: null,
      closedAt: atHour(10).toISOString(),
    };
    expect(replyGuaranteeBroken(removed, atHour(60))).toBe(false);
    const removedAfter = { ...removed, closedAt: atHour(55).toISOString() };
    expect(replyGuaranteeBroken(removedAfter, atHour(60))).toBe(true);
    expect(replyDeadline(firstPayer)).toBe(atHour(49).toISOString());
  });

  it('is broken by a reply that came too late, and never before the payer wrote', () => {
    const late = {
      firstPayerMessageAt: firstPayer,
      firstCreatorMessageAt: atHour(50).toISOString(),
    };
    expect(replyGuaranteeBroken(late, atHour(60))).toBe(true);
    expect(
      replyGuaranteeBroken({ firstPayerMessageAt: null, firstCreatorMessageAt: null }, atHour(99)),
    ).toBe(false);
  });
});
