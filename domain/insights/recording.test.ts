import { describe, expect, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { INSIGHTS_MESSAGES as M } from './messages.ts';
import {
  analyticsDecider,
  analyticsStreamId,
  insightsDay,
  type RecordAnalytics,
  type RecordedCounts,
} from './recording.ts';

const spec = DeciderSpecification.for(analyticsDecider);
const now = '2026-11-20T10:00:05.000Z';
const counts: RecordedCounts = {
  day: '2026-11-20',
  creatorId: 'c1',
  impressions: 3,
  sources: { 'search:asha': 2, 'category:skincare': 1 },
  views: [{ viewer: 'AbCdEfGhIjKlMn_-', kind: 'brand', source: 'search:asha' }],
};
const record = (data: Partial<RecordAnalytics['data']>): RecordAnalytics => ({
  type: 'RecordAnalytics',
  data: { node: 'n1', from: '2026-11-20T10:00:00.000Z', counts: [counts], dropped: 0, ...data },
  metadata: testMetadata({ now: new Date(now) }),
});

describe('recording analytics', () => {
  it('writes one flush as one event, the window ending now', () => {
    spec()
      .when(record({}))
      .then({
        type: 'AnalyticsRecorded',
        data: {
          node: 'n1',
          from: '2026-11-20T10:00:00.000Z',
          to: now,
          counts: [counts],
          dropped: 0,
        },
      });
  });

  it('writes nothing for an empty flush, but records counts that had to be dropped', () => {
    spec()
      .when(record({ counts: [] }))
      .thenNothingHappens();
    spec()
      .when(record({ counts: [], dropped: 4 }))
      .thenState((state) => expect(state.flushes).toBe(1));
  });

  it('refuses anything but a keyed hash where a viewer goes (an address, a user id)', () => {
    for (const viewer of ['127.0.0.1', '::ffff:10.0.0.1', 'user-42', 'AbCdEfGhIjKlMn_-x']) {
      spec()
        .when(
          record({ counts: [{ ...counts, views: [{ viewer, kind: 'visitor', source: null }] }] }),
        )
        .thenRefused('validation', M.badFlush);
    }
  });

  it('refuses negative or fractional counts and malformed days', () => {
    spec()
      .when(record({ counts: [{ ...counts, impressions: -1 }] }))
      .thenRefused('validation', M.badFlush);
    spec()
      .when(record({ counts: [{ ...counts, sources: { 'search:x': 0.5 } }] }))
      .thenRefused('validation', M.badFlush);
    spec()
      .when(record({ counts: [{ ...counts, day: '20-11-2026' }] }))
      .thenRefused('validation', M.badFlush);
  });
});

describe("the product's day", () => {
  it("is India's: 18:29 UTC is still the same day, 18:30 UTC the next", () => {
    expect(insightsDay('2026-11-20T18:29:59.999Z')).toBe('2026-11-20');
    expect(insightsDay('2026-11-20T18:30:00.000Z')).toBe('2026-11-21');
    expect(analyticsStreamId('node-1', '2026-11-21')).toBe('analytics-node-1-2026-11-21');
  });
});
