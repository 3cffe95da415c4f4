/**
 * One creator's day of insights: the row the insights read model keeps per creator and day
 * (indexed by both), folded from the analytics flushes and from the wallet's and the
 * conversations' events. Pure: the projection (services/insights/projection.ts) reads a row,
 * folds, and writes it back.
 */
import {
  MIN_SEARCHERS,
  type RecordedCounts,
  type SourceKey,
  type ViewerKind,
} from './recording.ts';

/**
 * Distinct viewers kept per kind and day. A day past it still counts its views
 * (`viewersOverflow`), but a viewer past it is no longer recognised on a second visit.
 */
export const MAX_VIEWERS_PER_DAY = 5_000;
/** Reply times kept per day (the median reads them). */
export const MAX_REPLIES_PER_DAY = 1_000;

export type SourceCounts = { impressions: number; views: number };

export type DayRow = {
  /** `<creatorId>:<day>`. */
  id: string;
  creatorId: string;
  day: string;
  impressions: number;
  /** The keyed hashes of the day's distinct viewers, by kind (recording.ts). */
  viewers: Record<ViewerKind, string[]>;
  /** Distinct viewers beyond MAX_VIEWERS_PER_DAY, by kind. */
  viewersOverflow: Record<ViewerKind, number>;
  sources: Record<SourceKey, SourceCounts>;
  /**
   * Who searched each searched words source this day (keyed hashes, at most MIN_SEARCHERS each):
   * the words show once MIN_SEARCHERS different people searched them (summary.ts).
   */
  searchers: Record<SourceKey, string[]>;
  listAdds: number;
  renewals: number;
  /** Conversations in which the brand wrote first this day, and how many the creator answered. */
  conversations: number;
  replied: number;
  /** Seconds from the brand's first message to the creator's first answer. */
  replySeconds: number[];
};

export const dayRowId = (creatorId: string, day: string): string => `${creatorId}:${day}`;

export const emptyDay = (creatorId: string, day: string): DayRow => ({
  id: dayRowId(creatorId, day),
  creatorId,
  day,
  impressions: 0,
  viewers: { brand: [], visitor: [] },
  viewersOverflow: { brand: 0, visitor: 0 },
  sources: {},
  searchers: {},
  listAdds: 0,
  renewals: 0,
  conversations: 0,
  replied: 0,
  replySeconds: [],
});

/**
 * The most distinct sources one creator's day keeps: a new source past them is not kept (its
 * impressions and views still count in the day's totals), so no stream of made-up searches can
 * grow a row without end; the top 10 a creator sees are among the first ones anyway.
 */
export const MAX_SOURCES_PER_DAY = 200;

/** Adds to a source of `sources` (a copy the caller owns), within MAX_SOURCES_PER_DAY. */
const addTo = (
  sources: Record<SourceKey, SourceCounts>,
  key: SourceKey,
  impressions: number,
  views: number,
): void => {
  const known = sources[key];
  if (known === undefined && Object.keys(sources).length >= MAX_SOURCES_PER_DAY) return;
  sources[key] = {
    impressions: (known?.impressions ?? 0) + impressions,
    views: (known?.views ?? 0) + views,
  };
};

/** Notes who searched a searched words source, up to MIN_SEARCHERS of them. */
const addSearcher = (
  searchers: Record<SourceKey, string[]>,
  sources: Record<SourceKey, SourceCounts>,
  key: SourceKey,
  hash: string,
): void => {
  if (!key.startsWith('search:') || sources[key] === undefined) return;
  const known = searchers[key] ?? [];
  if (known.length >= MIN_SEARCHERS || known.includes(hash)) return;
  searchers[key] = [...known, hash];
};

/**
 * One flush's counts of this creator and day. A viewer already seen that day is not counted
 * again (nor its source): views are distinct viewers.
 */
export const foldCounts = (row: DayRow, counts: RecordedCounts): DayRow => {
  const sources = { ...row.sources };
  for (const [key, impressions] of Object.entries(counts.sources)) {
    addTo(sources, key, impressions, 0);
  }
  // Rows kept before searchers were counted have none.
  const searchers = { ...(row.searchers ?? {}) };
  for (const [key, hashes] of Object.entries(counts.searchers ?? {})) {
    for (const hash of hashes) addSearcher(searchers, sources, key, hash);
  }
  const viewers = { brand: [...row.viewers.brand], visitor: [...row.viewers.visitor] };
  const overflow = { ...row.viewersOverflow };
  const seen = { brand: new Set(viewers.brand), visitor: new Set(viewers.visitor) };
  for (const view of counts.views) {
    if (seen[view.kind].has(view.viewer)) continue;
    seen[view.kind].add(view.viewer);
    if (viewers[view.kind].length < MAX_VIEWERS_PER_DAY) viewers[view.kind].push(view.viewer);
    else overflow[view.kind] += 1;
    if (view.source) {
      addTo(sources, view.source, 0, 1);
      // Only brands make searched words shareable (a visitor's id costs nothing to make).
      if (view.kind === 'brand') addSearcher(searchers, sources, view.source, view.viewer);
    }
  }
  return {
    ...row,
    impressions: row.impressions + counts.impressions,
    viewers,
    viewersOverflow: overflow,
    sources,
    searchers,
  };
};

export type DayChange =
  | Readonly<{ kind: 'listAdd' }>
  | Readonly<{ kind: 'renewal' }>
  | Readonly<{ kind: 'conversation' }>
  | Readonly<{ kind: 'reply'; seconds: number }>;

/** A domain event's mark on the creator's day. */
export const foldChange = (row: DayRow, change: DayChange): DayRow => {
  switch (change.kind) {
    case 'listAdd':
      return { ...row, listAdds: row.listAdds + 1 };
    case 'renewal':
      return { ...row, renewals: row.renewals + 1 };
    case 'conversation':
      return { ...row, conversations: row.conversations + 1 };
    case 'reply':
      return {
        ...row,
        replied: row.replied + 1,
        replySeconds:
          row.replySeconds.length < MAX_REPLIES_PER_DAY
            ? [...row.replySeconds, Math.max(0, Math.round(change.seconds))]
            : row.replySeconds,
      };
  }
};

/**
 * One connection's conversation as insights follow it: when the brand first wrote and whether
 * the creator answered. A new connection (added again after a removal) starts a new one.
 */
export type ThreadState = {
  /** The pair id. */
  id: string;
  creatorId: string;
  payerId: string;
  connectionId: string;
  askedAt: string | null;
  repliedAt: string | null;
};

export type ThreadMessage = Readonly<{ senderId: string; connectionId: string; at: string }>;

/**
 * A message's effect on the thread, and the day change it makes (the day of the brand's first
 * message, for both the conversation and its answer: a reply rate per day asked).
 */
export const threadAfterMessage = (
  thread: ThreadState,
  message: ThreadMessage,
): { thread: ThreadState; change: { at: string; change: DayChange } | null } => {
  const current =
    message.connectionId === thread.connectionId
      ? thread
      : { ...thread, connectionId: message.connectionId, askedAt: null, repliedAt: null };
  if (message.senderId === current.payerId && current.askedAt === null) {
    return {
      thread: { ...current, askedAt: message.at },
      change: { at: message.at, change: { kind: 'conversation' } },
    };
  }
  if (
    message.senderId === current.creatorId &&
    current.askedAt !== null &&
    current.repliedAt === null
  ) {
    const seconds = (Date.parse(message.at) - Date.parse(current.askedAt)) / 1000;
    return {
      thread: { ...current, repliedAt: message.at },
      change: { at: current.askedAt, change: { kind: 'reply', seconds } },
    };
  }
  return { thread: current, change: null };
};
