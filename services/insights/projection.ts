import {
  dayRowId,
  emptyDay,
  foldChange,
  foldCounts,
  threadAfterMessage,
  type DayChange,
  type DayRow,
  type ThreadState,
} from '@linkcoin/domain/insights/daily.ts';
import { insightsDay, type AnalyticsRecorded } from '@linkcoin/domain/insights/recording.ts';
import type {
  ConversationExtended,
  ConversationOpened,
  MessageSent,
} from '@linkcoin/domain/messaging/conversation.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { ConnectionOpened, ConnectionRenewed } from '@linkcoin/domain/wallet/wallet.ts';
import type { ProjectionTransaction } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

/** One row per creator and day (domain/insights/daily.ts), read by creator and day range. */
export const INSIGHTS_DAYS = 'insights_days';
/** Each pair's current connection as insights follow it (who wrote first, who answered). */
const INSIGHTS_THREADS = 'insights_threads';

type InsightsEvent =
  | RecordedEvent<AnalyticsRecorded>
  | RecordedEvent<ConnectionOpened>
  | RecordedEvent<ConnectionRenewed>
  | RecordedEvent<ConversationOpened>
  | RecordedEvent<ConversationExtended>
  | RecordedEvent<MessageSent>;

const EVENT_TYPES: readonly InsightsEvent['type'][] = [
  'AnalyticsRecorded',
  'ConnectionOpened',
  'ConnectionRenewed',
  'ConversationOpened',
  'ConversationExtended',
  'MessageSent',
];

const change = async (
  tx: ProjectionTransaction,
  creatorId: string,
  day: string,
  fold: (row: DayRow) => DayRow,
) => {
  const id = dayRowId(creatorId, day);
  const row = (await tx.get<DayRow>(INSIGHTS_DAYS, id)) ?? emptyDay(creatorId, day);
  await tx.put<DayRow>(INSIGHTS_DAYS, id, fold(row));
};

const mark = (tx: ProjectionTransaction, creatorId: string, at: string, what: DayChange) =>
  change(tx, creatorId, insightsDay(at), (row) => foldChange(row, what));

/**
 * Creator insights: search impressions and distinct viewers from the analytics flushes, list
 * adds and renewals from the payers' wallets, conversations started and answered from the
 * conversations. Rebuilt from the log like every read model (`make rebuild`).
 */
export const insightsProjection: Projection = {
  name: 'insights',
  // 2: at most MAX_SOURCES_PER_DAY sources a day. 3: who searched searched words (MIN_SEARCHERS).
  version: 3,
  collections: [
    { name: INSIGHTS_DAYS, indexes: [{ fields: ['creatorId', 'day'] }] },
    { name: INSIGHTS_THREADS },
  ],
  eventTypes: EVENT_TYPES,
  apply: async (recorded, tx) => {
    const event = recorded as InsightsEvent;
    switch (event.type) {
      case 'AnalyticsRecorded':
        for (const counts of event.data.counts) {
          await change(tx, counts.creatorId, counts.day, (row) => foldCounts(row, counts));
        }
        return;
      case 'ConnectionOpened':
        return mark(tx, event.data.targetUserId, event.data.at, { kind: 'listAdd' });
      case 'ConnectionRenewed':
        return mark(tx, event.data.targetUserId, event.data.at, { kind: 'renewal' });
      case 'ConversationOpened': {
        const { pairId, creatorId, payerId, connectionId } = event.data;
        await tx.put<ThreadState>(INSIGHTS_THREADS, pairId, {
          id: pairId,
          creatorId,
          payerId,
          connectionId,
          askedAt: null,
          repliedAt: null,
        });
        return;
      }
      case 'ConversationExtended': {
        const thread = await tx.get<ThreadState>(INSIGHTS_THREADS, event.data.pairId);
        if (!thread || thread.connectionId === event.data.connectionId) return;
        await tx.put<ThreadState>(INSIGHTS_THREADS, thread.id, {
          ...thread,
          connectionId: event.data.connectionId,
          askedAt: null,
          repliedAt: null,
        });
        return;
      }
      case 'MessageSent': {
        const thread = await tx.get<ThreadState>(INSIGHTS_THREADS, event.data.pairId);
        if (!thread) return;
        const next = threadAfterMessage(thread, event.data);
        if (next.thread !== thread)
          await tx.put<ThreadState>(INSIGHTS_THREADS, thread.id, next.thread);
        if (next.change) await mark(tx, thread.creatorId, next.change.at, next.change.change);
        return;
      }
    }
  },
};
