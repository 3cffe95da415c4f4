import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../shared/messages.ts';
import { conversationStreamId, pairIdOf } from '../messaging/conversation.ts';
import type { ConversationOpenRefused } from '../messaging/conversation.ts';
import {
  cancellationFor,
  conversationCommandFor,
  type ConnectionEvent,
} from './conversation-sync.ts';

const recorded = <E extends ConnectionEvent | ConversationOpenRefused>(
  event: E,
  id = 'event-1',
): RecordedEvent<E> =>
  ({
    ...event,
    id,
    streamId: 'wallet-brand-1',
    revision: 3,
    position: 42,
    metadata: {
      actorUserId: 'brand-1',
      correlationId: 'request-1',
      causationId: 'request-1',
      schemaVersion: 1,
      timestamp: '2026-01-15T10:00:00.000Z',
    },
  }) as RecordedEvent<E>;

const stream = conversationStreamId(pairIdOf('brand-1', 'creator-1'));

describe('what a connection means for its conversation', () => {
  it('opens it for the pair, until the expiry, keyed by the connection', () => {
    const { streamId, command } = conversationCommandFor(
      recorded({
        type: 'ConnectionOpened',
        data: {
          userId: 'brand-1',
          connectionId: 'c-1',
          targetUserId: 'creator-1',
          addedAt: '2026-01-15T10:00:00.000Z',
          expiresAt: '2026-01-22T10:00:00.000Z',
          cost: 1,
          balanceAfter: 4,
          at: '2026-01-15T10:00:00.000Z',
        },
      }),
    );
    expect(streamId).toBe(stream);
    expect(command).toEqual({
      type: 'OpenConversation',
      data: {
        payerId: 'brand-1',
        creatorId: 'creator-1',
        connectionId: 'c-1',
        expiresAt: '2026-01-22T10:00:00.000Z',
      },
      metadata: {
        now: new Date('2026-01-15T10:00:00.000Z'),
        actorUserId: 'brand-1',
        correlationId: 'request-1',
        causationId: 'event-1',
        idempotencyKey: 'conversation-opened-c-1',
      },
    });
  });

  it('extends it to a renewal’s expiry, keyed by the renewal, and closes it on removal', () => {
    const renewal = conversationCommandFor(
      recorded(
        {
          type: 'ConnectionRenewed',
          data: {
            userId: 'brand-1',
            connectionId: 'c-1',
            targetUserId: 'creator-1',
            previousExpiresAt: '2026-01-22T10:00:00.000Z',
            expiresAt: '2026-01-29T10:00:00.000Z',
            cost: 1,
            balanceAfter: 3,
            at: '2026-01-16T10:00:00.000Z',
          },
        },
        'event-7',
      ),
    );
    expect(renewal.command).toMatchObject({
      type: 'OpenConversation',
      data: { connectionId: 'c-1', expiresAt: '2026-01-29T10:00:00.000Z' },
      metadata: { idempotencyKey: 'conversation-renewed-event-7' },
    });
    const removal = conversationCommandFor(
      recorded({
        type: 'ConnectionRemoved',
        data: {
          userId: 'brand-1',
          connectionId: 'c-1',
          targetUserId: 'creator-1',
          balanceAfter: 3,
          at: '2026-01-17T10:00:00.000Z',
        },
      }),
    );
    expect(removal.streamId).toBe(stream);
    expect(removal.command).toMatchObject({
      type: 'CloseConversation',
      data: { connectionId: 'c-1' },
      metadata: { idempotencyKey: 'conversation-closed-c-1' },
    });
  });
});

describe('what a refused connection means for its payer', () => {
  it("is cancelled in the payer's wallet, keyed by the connection", () => {
    const refused = recorded(
      {
        type: 'ConversationOpenRefused',
        data: {
          pairId: pairIdOf('brand-1', 'creator-1'),
          payerId: 'creator-1',
          creatorId: 'brand-1',
          connectionId: 'c-2',
          reason: 'already_connected',
          heldBy: 'c-1',
          at: '2026-01-15T10:00:00.000Z',
        },
      },
      'refusal-1',
    );
    expect(cancellationFor(refused)).toEqual({
      streamId: 'wallet-creator-1',
      command: {
        type: 'CancelConnection',
        data: { userId: 'creator-1', connectionId: 'c-2', reason: 'already_connected' },
        metadata: {
          now: new Date('2026-01-15T10:00:00.000Z'),
          actorUserId: 'brand-1',
          correlationId: 'request-1',
          causationId: 'refusal-1',
          idempotencyKey: 'connection-cancelled-c-2',
        },
      },
    });
  });
});
