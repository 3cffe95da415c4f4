import type { Request, Response } from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { AnalyticsRecorded, RecordAnalytics } from '@linkcoin/domain/insights/recording.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { rememberPrincipal, type Principal } from '../http/principal.ts';
import { MAX_SOURCES_PER_DAY } from '@linkcoin/domain/insights/daily.ts';
import {
  BUFFER_ROWS,
  createAnalyticsRecorder,
  MAX_IMPRESSIONS_PER_VIEWER,
  NEW_VISITORS_PER_ADDRESS_PER_HOUR,
  VIEWER_COOKIE,
  viewerHash,
  viewerKey,
} from './recorder.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const now = new Date('2026-11-20T10:00:00.000Z');

/** The commands the recorder sends, decided by nobody: what a flush would append. */
const recordingCommands = () => {
  const sent: { streamId: string; command: RecordAnalytics }[] = [];
  const commands = {
    handle: async (_decider: unknown, streamId: string, command: RecordAnalytics) => {
      sent.push({ streamId, command });
      return {
        events: [],
        state: null,
        nextExpectedRevision: 0,
        position: sent.length,
        alreadyHandled: false,
      };
    },
    load: async () => {
      throw new Error('not used');
    },
  } as unknown as CommandHandler;
  return { commands, sent };
};

const recorder = (recording = true) => {
  const { commands, sent } = recordingCommands();
  const analytics = createAnalyticsRecorder({
    commands,
    clock: { now: () => now },
    logger: pino({ level: 'silent' }),
    secret: SECRET,
    recording,
    flushMs: 60_000,
    node: 'test-node',
    secureCookies: false,
  });
  return { analytics, sent };
};

const principal = (userId: string, role: Principal['role']): Principal => ({
  userId,
  email: `${userId}@example.in`,
  role,
  roles: [role],
  tokenVersion: 0,
});

/** A request as express hands it to a handler: headers, and the caller when signed in. */
const exchange = (as: Principal | null, cookie?: string, ip = '203.0.113.9') => {
  const req = {
    headers: cookie ? { cookie } : {},
    secure: false,
    ip,
  } as unknown as Request;
  if (as) rememberPrincipal(req, as);
  const cookies: string[] = [];
  const res = {
    append: (name: string, value: string) => {
      if (name === 'Set-Cookie') cookies.push(value);
      return res;
    },
  } as unknown as Response;
  return { req, res, cookies };
};

const page = (...ids: string[]) => ({ data: ids.map((_id) => ({ _id })) });
const terms = (search = '', adCategories: string[] = []) => ({
  search,
  adCategories,
  pageContentCategory: [],
});
const countsOf = (sent: { command: RecordAnalytics }[]) =>
  sent.flatMap((s) => s.command.data.counts);

describe('the analytics recorder', () => {
  it('counts what a search showed, by its words and categories, and answers the page unchanged', async () => {
    const { analytics, sent } = recorder();
    const brand = exchange(principal('brand-1', 'user'));
    const answer = page('c1', 'c2');
    expect(analytics.shown(brand.req, brand.res, terms('Asha', ['skincare']), answer)).toBe(answer);
    // The same search again in the same window is not a second impression; another brand's is.
    analytics.shown(brand.req, brand.res, terms('Asha', ['skincare']), page('c1', 'c2'));
    const other = exchange(principal('brand-2', 'user'));
    analytics.shown(other.req, other.res, terms(), page('c1'));
    await analytics.flush();
    const counted = sent.filter((s) => s.streamId.startsWith('analytics-'));
    expect(counted).toHaveLength(1);
    expect(counted[0]!.streamId).toBe('analytics-test-node-2026-11-20');
    // The brand's own search by a category goes to its own stream, once in the window; the
    // other brand's search filtered on nothing is no signal.
    expect(sent.filter((s) => !s.streamId.startsWith('analytics-')).map((s) => s.streamId)).toEqual(
      ['brandsignals-brand-1'],
    );
    const byCreator = Object.fromEntries(countsOf(counted).map((c) => [c.creatorId, c]));
    expect(byCreator.c1).toMatchObject({
      impressions: 2,
      sources: { 'search:asha': 1, 'category:skincare': 1 },
    });
    expect(byCreator.c2).toMatchObject({ impressions: 1 });
  });

  it("learns a brand's signal from a search's first page only, never from Best match or a console role", async () => {
    const { analytics, sent } = recorder();
    const brand = exchange(principal('brand-1', 'user'));
    const skincare = terms('', ['skincare']);
    analytics.shown(brand.req, brand.res, { ...skincare, page: 2 }, page('c1'));
    analytics.shown(brand.req, brand.res, { ...terms('', ['fashion']), match: true }, page('c1'));
    const auditor = exchange({ ...principal('brand-2', 'user'), roles: ['user', 'auditor'] });
    analytics.shown(auditor.req, auditor.res, skincare, page('c1'));
    await analytics.flush();
    expect(sent.filter((s) => s.streamId.startsWith('brandsignals-'))).toEqual([]);
    analytics.shown(brand.req, brand.res, { ...skincare, page: 1 }, page('c1'));
    await analytics.flush();
    expect(
      sent.filter((s) => s.streamId.startsWith('brandsignals-')).map((s) => s.streamId),
    ).toEqual(['brandsignals-brand-1']);
  });

  it('counts one view per viewer and window, hashed per creator, with the search that led there', async () => {
    const { analytics, sent } = recorder();
    const brand = exchange(principal('brand-1', 'user'));
    analytics.shown(brand.req, brand.res, terms('fashion'), page('c1'));
    analytics.viewed(brand.req, brand.res, 'c1');
    analytics.viewed(brand.req, brand.res, 'c1');
    analytics.viewed(brand.req, brand.res, 'c2');
    await analytics.flush();
    const [c1, c2] = countsOf(sent);
    const key = viewerKey(SECRET);
    expect(c1!.views).toEqual([
      { viewer: viewerHash(key, 'c1', 'u:brand-1'), kind: 'brand', source: 'search:fashion' },
    ]);
    expect(c2!.views).toEqual([
      { viewer: viewerHash(key, 'c2', 'u:brand-1'), kind: 'brand', source: null },
    ]);
    // The same brand under two creators: two unrelated hashes.
    expect(c1!.views[0]!.viewer).not.toBe(c2!.views[0]!.viewer);
    // Nothing of the brand, its address or its e-mail is in what is written.
    const written = JSON.stringify(sent);
    for (const secret of ['brand-1', '203.0.113.9', 'example.in'])
      expect(written).not.toContain(secret);
  });

  it('tells a returning visitor by a random first-party cookie of ours, set once', async () => {
    const { analytics, sent } = recorder();
    const first = exchange(null);
    analytics.viewed(first.req, first.res, 'c1');
    expect(first.cookies).toHaveLength(1);
    expect(first.cookies[0]).toMatch(
      new RegExp(
        `^${VIEWER_COOKIE}=[0-9a-f-]{36}\\.[\\w-]{22}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax$`,
      ),
    );
    const id = first.cookies[0]!.split(';')[0]!;
    const again = exchange(null, id);
    analytics.viewed(again.req, again.res, 'c1');
    expect(again.cookies).toEqual([]);
    await analytics.flush();
    expect(countsOf(sent)[0]!.views).toHaveLength(1);
    expect(countsOf(sent)[0]!.views[0]!.kind).toBe('visitor');
    expect(JSON.stringify(sent)).not.toContain(id.split('=')[1]);
  });

  it('takes a made-up or altered cookie for no one: a new visitor, counted within the address', async () => {
    const { analytics, sent } = recorder();
    const first = exchange(null);
    analytics.viewed(first.req, first.res, 'c1');
    const ours = first.cookies[0]!.split(';')[0]!;
    const [name, value] = ours.split('=') as [string, string];
    const altered = `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [`${VIEWER_COOKIE}=fakefake1`, `${VIEWER_COOKIE}=fakefake1.x`, altered]) {
      const made = exchange(null, cookie);
      analytics.viewed(made.req, made.res, 'c1');
      // Not trusted: a cookie of ours is set in its place.
      expect(made.cookies).toHaveLength(1);
    }
    await analytics.flush();
    expect(countsOf(sent)[0]!.views).toHaveLength(4);
  });

  it('counts at most NEW_VISITORS_PER_ADDRESS_PER_HOUR new visitors from one address an hour', async () => {
    const { analytics, sent } = recorder();
    for (let i = 0; i < NEW_VISITORS_PER_ADDRESS_PER_HOUR + 5; i++) {
      const visitor = exchange(null);
      analytics.viewed(visitor.req, visitor.res, 'c1');
      analytics.shown(visitor.req, visitor.res, terms(), page('c2'));
      // Past the hour's count: no cookie, nothing counted.
      expect(visitor.cookies).toHaveLength(i < NEW_VISITORS_PER_ADDRESS_PER_HOUR ? 1 : 0);
    }
    // Another address is not held back by the first one's.
    const elsewhere = exchange(null, undefined, '198.51.100.4');
    analytics.viewed(elsewhere.req, elsewhere.res, 'c1');
    await analytics.flush();
    const byCreator = Object.fromEntries(countsOf(sent).map((c) => [c.creatorId, c]));
    expect(byCreator.c1!.views).toHaveLength(NEW_VISITORS_PER_ADDRESS_PER_HOUR + 1);
    expect(byCreator.c2!.impressions).toBe(NEW_VISITORS_PER_ADDRESS_PER_HOUR);
  });

  it('adds at most MAX_IMPRESSIONS_PER_VIEWER impressions of one creator a window, however the words vary', async () => {
    const { analytics, sent } = recorder();
    const brand = exchange(principal('brand-1', 'user'));
    for (let i = 0; i < 50; i++) analytics.shown(brand.req, brand.res, terms(`k${i}`), page('c1'));
    await analytics.flush();
    const [c1] = countsOf(sent.filter((s) => s.streamId.startsWith('analytics-')));
    expect(c1!.impressions).toBe(MAX_IMPRESSIONS_PER_VIEWER);
    expect(Object.keys(c1!.sources)).toHaveLength(MAX_IMPRESSIONS_PER_VIEWER);
  });

  it('keeps at most MAX_SOURCES_PER_DAY sources of a creator a window, and names brands only as searchers', async () => {
    const { analytics, sent } = recorder();
    for (let i = 0; i < MAX_SOURCES_PER_DAY + 20; i++) {
      const brand = exchange(principal(`brand-${i}`, 'user'));
      analytics.shown(brand.req, brand.res, terms(`w${i}`), page('c1'));
    }
    const visitor = exchange(null);
    analytics.shown(visitor.req, visitor.res, terms('w0'), page('c1'));
    await analytics.flush();
    const [c1] = countsOf(sent.filter((s) => s.streamId.startsWith('analytics-')));
    expect(c1!.impressions).toBe(MAX_SOURCES_PER_DAY + 21);
    expect(Object.keys(c1!.sources)).toHaveLength(MAX_SOURCES_PER_DAY);
    expect(c1!.sources['search:w0']).toBe(2);
    // The visitor's search of w0 counts as an impression, not as a second searcher.
    expect(c1!.searchers!['search:w0']).toHaveLength(1);
  });

  it("counts nothing of a creator's own profile, nor of staff", async () => {
    const { analytics, sent } = recorder();
    const own = exchange(principal('c1', 'influencer'));
    analytics.shown(own.req, own.res, terms(), page('c1'));
    analytics.viewed(own.req, own.res, 'c1');
    const admin = exchange(principal('admin-1', 'admin'));
    analytics.shown(admin.req, admin.res, terms(), page('c2'));
    analytics.viewed(admin.req, admin.res, 'c2');
    expect(await analytics.flush()).toBeNull();
    expect(sent).toEqual([]);
  });

  it('counts nothing and sets no cookie when recording is off', async () => {
    const { analytics, sent } = recorder(false);
    const visitor = exchange(null);
    analytics.shown(visitor.req, visitor.res, terms('x'), page('c1'));
    analytics.viewed(visitor.req, visitor.res, 'c1');
    await analytics.stop();
    expect(visitor.cookies).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('flushes early when full, and says how many counts it had to leave out', async () => {
    const { analytics, sent } = recorder();
    const brand = exchange(principal('brand-1', 'user'));
    const ids = Array.from({ length: BUFFER_ROWS + 2 }, (_, i) => `c${i}`);
    analytics.shown(brand.req, brand.res, terms(), page(...ids));
    await analytics.flush();
    const data = sent.map((s) => s.command.data);
    expect(data.reduce((n, d) => n + d.counts.length, 0)).toBe(BUFFER_ROWS);
    expect(data.reduce((n, d) => n + d.dropped, 0)).toBe(2);
    // Split into events of at most 1,000 rows.
    expect(Math.max(...data.map((d) => d.counts.length))).toBe(1000);
  });

  it('writes what is left on stop, and nothing when nothing was counted', async () => {
    const { analytics, sent } = recorder();
    expect(await analytics.flush()).toBeNull();
    const visitor = exchange(null);
    analytics.viewed(visitor.req, visitor.res, 'c9');
    await analytics.stop();
    expect(countsOf(sent).map((c) => c.creatorId)).toEqual(['c9']);
  });
});

// The type the recorder's event carries is the decider's (domain/insights/recording.ts).
export type { AnalyticsRecorded };
