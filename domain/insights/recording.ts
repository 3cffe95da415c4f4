/**
 * Search impressions and profile views, as analytics (not domain facts): counted in memory by
 * the API process (services/platform/analytics/) and written every few seconds as ONE
 * `AnalyticsRecorded` event per flush in the `analytics-<node>-<day>` stream, so they are
 * durable, auditable and rebuilt by the same projection machinery as everything else.
 *
 * What a flush holds is counts and keyed hashes only: never an address, a user id or a cookie.
 * A viewer is `HMAC(secret, creatorId, viewer)` cut to 16 characters, scoped per creator, so
 * the same person's hashes under two creators cannot be joined, and a creator learns how many
 * distinct people looked, not who.
 */
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { INSIGHTS_MESSAGES as M } from './messages.ts';

/** The product's day: India's (UTC+05:30, no daylight saving), as YYYY-MM-DD. */
export const IST_OFFSET_MS = 330 * 60 * 1000;
export const insightsDay = (at: Date | string | number): string =>
  new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

export const analyticsStreamId = (node: string, day: string): string => `analytics-${node}-${day}`;

/** Who viewed: a brand (signed in as one), or anyone else (a visitor, another creator). */
export type ViewerKind = 'brand' | 'visitor';

/** Where an impression or a view came from: `search:<words>`, `category:<v>`, `topic:<v>`. */
export type SourceKey = string;

/** One viewer of one creator in one flush: the keyed hash, the kind, the source that led there. */
export type RecordedView = Readonly<{ viewer: string; kind: ViewerKind; source: SourceKey | null }>;

/** One creator's counts of one day in one flush. */
export type RecordedCounts = Readonly<{
  day: string;
  creatorId: string;
  impressions: number;
  /** Impressions by the source that surfaced them (searches with words, category filters). */
  sources: Readonly<Record<SourceKey, number>>;
  views: readonly RecordedView[];
  /**
   * For each searched words source (`search:`), the keyed hashes of who searched them (at most
   * MIN_SEARCHERS each): the words show only once that many different people searched them.
   * Absent in flushes written before it existed (their words never show).
   */
  searchers?: Readonly<Record<SourceKey, readonly string[]>>;
}>;

/**
 * Searched words are what a person typed: a creator sees them among their sources only once at
 * least this many different brands (signed in: a visitor's id costs nothing to make) searched
 * them and were shown the creator, so no words point at one brand. Categories and topics come from the product's own
 * lists and show from the first search.
 */
export const MIN_SEARCHERS = 3;

export type AnalyticsRecorded = Event<
  'AnalyticsRecorded',
  {
    /** The API process that counted them. */
    node: string;
    /** The window the counts were gathered in. */
    from: string;
    to: string;
    counts: readonly RecordedCounts[];
    /** Counts the full buffer had to leave out (load shedding), so a reader knows. */
    dropped: number;
  }
>;
export type AnalyticsEvent = AnalyticsRecorded;

export type RecordAnalytics = Command<
  'RecordAnalytics',
  Readonly<{ node: string; from: string; counts: readonly RecordedCounts[]; dropped: number }>
>;

export type AnalyticsStreamState = Readonly<{ flushes: number }>;

/** A hash as the recorder writes it: 16 base64url characters (96 bits). */
export const VIEWER_HASH = /^[A-Za-z0-9_-]{16}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Accepts a flush as it is (an empty one writes nothing), after checking it carries what it
 * says: days, hashes of the right shape, no negative count. The recorder builds it; the check
 * keeps a bug from storing anything else (an address where a hash should be).
 */
export const analyticsDecider: Decider<AnalyticsStreamState, RecordAnalytics, AnalyticsEvent> = {
  initialState: () => ({ flushes: 0 }),
  decide: (command) => {
    const { node, from, counts, dropped } = command.data;
    if (counts.length === 0 && dropped === 0) return [];
    for (const row of counts) {
      const badView =
        row.views.some((view) => !VIEWER_HASH.test(view.viewer)) ||
        Object.values(row.searchers ?? {}).some(
          (hashes) =>
            hashes.length > MIN_SEARCHERS || hashes.some((hash) => !VIEWER_HASH.test(hash)),
        );
      const badCount =
        !Number.isInteger(row.impressions) ||
        row.impressions < 0 ||
        Object.values(row.sources).some((n) => !Number.isInteger(n) || n < 0);
      if (!DAY.test(row.day) || !row.creatorId || badView || badCount) {
        throw new DomainError('validation', M.badFlush);
      }
    }
    return {
      type: 'AnalyticsRecorded',
      data: { node, from, to: command.metadata.now.toISOString(), counts, dropped },
    };
  },
  evolve: (state) => ({ flushes: state.flushes + 1 }),
};
