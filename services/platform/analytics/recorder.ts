/**
 * Search impressions and profile views, counted where they happen at almost no cost: the
 * directory and profile endpoints call `shown` / `viewed` (a function call and a few map
 * updates, no I/O), and the counters are written every `flushMs` (and on shutdown, and when the
 * buffer fills) as one `AnalyticsRecorded` event per flush and day in the
 * `analytics-<node>-<day>` stream (domain/insights/recording.ts), which the insights read model
 * folds like any other event.
 *
 * Nothing identifying is stored: a viewer (the user id when signed in, else a random
 * first-party cookie, signed so a made-up one counts nothing) is kept in memory until the
 * flush, then written only as an HMAC keyed with a secret derived from the server's, over the
 * creator and the viewer together, so the same person cannot be followed from one creator to
 * another. The client address is read only to bound the new visitors one address brings in an
 * hour (held in memory for that hour, never written).
 */
import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { hostname } from 'node:os';
import type { Request, Response } from 'express';
import { parseCookie, stringifySetCookie } from 'cookie';
import {
  analyticsDecider,
  analyticsStreamId,
  insightsDay,
  IST_OFFSET_MS,
  MIN_SEARCHERS,
  type RecordedCounts,
  type ViewerKind,
} from '@linkcoin/domain/insights/recording.ts';
import { MAX_SOURCES_PER_DAY } from '@linkcoin/domain/insights/daily.ts';
import { sourcesOfSearch, type SearchTerms } from '@linkcoin/domain/insights/sources.ts';
import {
  brandSignalsDecider,
  brandSignalsStreamId,
  MAX_SEARCHES_PER_FLUSH,
  type SearchSignal,
} from '@linkcoin/domain/recommendations/signals.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import { principalOf, type Principal } from '../http/principal.ts';

/** The first-party cookie that tells a returning visitor (a random id, nothing else). */
export const VIEWER_COOKIE = 'lc_viewer';
const VIEWER_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Distinct (day, creator) rows and viewers held before the buffer asks for an early flush. */
export const BUFFER_ROWS = 20_000;
export const BUFFER_VIEWS = 50_000;
/** Rows per event: a flush larger than this is split (events stay well under a bus message). */
export const ROWS_PER_EVENT = 1_000;
/** Which search last showed a creator to a viewer, for the view that follows (in memory only). */
const ATTRIBUTIONS = 20_000;
/**
 * Impressions one viewer adds to one creator in one flush window, whatever the searches: paging
 * through results or refining a search shows a creator a few times; a script varying its words
 * to show the same creator thousands of times adds no more than this.
 */
export const MAX_IMPRESSIONS_PER_VIEWER = 3;
/** Viewers one creator's row tells apart in a window; impressions of more are left out (dropped). */
export const MAX_VIEWERS_PER_ROW = 5_000;
/**
 * New visitors (no cookie of ours yet) one client address may bring in an hour: past it their
 * searches and views are not counted and no cookie is set, so a script dropping its cookie on
 * every request cannot make up viewers. The address is held in memory for the hour, never
 * written. Generous, as whole offices and mobile carriers share an address.
 */
export const NEW_VISITORS_PER_ADDRESS_PER_HOUR = 60;
/** Addresses held for that count before the hour's table is full (then new visitors are not counted). */
const ADDRESSES_HELD = 100_000;
const HOUR_MS = 60 * 60 * 1000;
/** Brands whose searches are held until the flush (beyond, a brand's searches wait a window). */
export const BUFFER_BRANDS = 10_000;

/**
 * What a directory search filtered on: the insights' terms, and for a brand's own signals
 * (issue 24, "Recommended for you") its platforms and audience places too.
 */
export type ShownTerms = SearchTerms &
  Readonly<{
    socialMediaPlatforms?: readonly string[];
    averageLocationOfAudience?: readonly string[];
    /** The page of the results (a brand's signal is its search's first page only). */
    page?: number;
    /** Best match for you: the brand's own order, not a search to learn from. */
    match?: boolean;
  }>;

export type AnalyticsRecorder = Readonly<{
  /**
   * The creators a directory or discovery page showed this caller, by the search that
   * surfaced them. Answers `answer` unchanged, so the endpoint's hook is one call.
   */
  shown: <A extends { data: readonly { _id: string }[] }>(
    req: Request,
    res: Response,
    terms: ShownTerms,
    answer: A,
  ) => A;
  /** A creator's profile opened by this caller. */
  viewed: (req: Request, res: Response, creatorId: string) => void;
  /** Writes what is counted now; answers the position of the last event written, or null. */
  flush: () => Promise<number | null>;
  /** Flushes every `flushMs` from now on. */
  start: () => void;
  /** Stops the timer and flushes what is left. */
  stop: () => Promise<void>;
}>;

type PendingRow = {
  day: string;
  creatorId: string;
  impressions: number;
  sources: Map<string, number>;
  /** Searched words source → who searched them (viewer ids in memory, at most MIN_SEARCHERS). */
  searchers: Map<string, Set<string>>;
  /** Viewer id (in memory only) → kind and source. */
  views: Map<string, { kind: ViewerKind; source: string | null }>;
  /**
   * Who was shown it in this window, by which searches (in memory only): the same search asked
   * twice in a moment (the app's cache key moving as the session settles) is one impression,
   * and one viewer adds at most MAX_IMPRESSIONS_PER_VIEWER.
   */
  shownTo: Map<string, Set<string>>;
};

type Viewer = Readonly<{ id: string; kind: ViewerKind }> | null;

/** Where a request keeps the viewer the recorder found for it (`viewerOf`). */
const VIEWER_OF_REQUEST = Symbol('viewer');
type ViewerOfRequest = { [VIEWER_OF_REQUEST]?: Viewer };

/** Whether a viewer is this member (`u:<userId>`), without making the id to compare. */
const isMember = (viewer: NonNullable<Viewer>, userId: string): boolean =>
  viewer.id.length === userId.length + 2 &&
  viewer.id.startsWith('u:') &&
  viewer.id.endsWith(userId);

export type AnalyticsOptions = Readonly<{
  commands: CommandHandler;
  clock: Clock;
  logger: Logger;
  /** The server's secret, from which the viewers' HMAC key is derived. */
  secret: string;
  recording: boolean;
  flushMs: number;
  /** Names this process's streams; a random one per process when null. */
  node: string | null;
  /** Cookies marked Secure (an https public URL). */
  secureCookies: boolean;
}>;

const nodeName = (node: string | null): string =>
  (node ?? `${hostname()}-${process.pid}`).replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 60);

/** The HMAC key of viewer hashes: derived, so the server's own secret never signs analytics. */
export const viewerKey = (secret: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'linkcoin', 'analytics viewers', 32));

/** A viewer as stored: scoped to the creator, keyed, 96 bits. */
export const viewerHash = (key: Buffer, creatorId: string, viewerId: string): string =>
  createHmac('sha256', key).update(`${creatorId}\n${viewerId}`).digest('base64url').slice(0, 16);

export const createAnalyticsRecorder = (options: AnalyticsOptions): AnalyticsRecorder => {
  const { commands, clock, logger } = options;
  const key = viewerKey(options.secret);
  const node = nodeName(options.node);
  let rows = new Map<string, PendingRow>();
  let views = 0;
  let dropped = 0;
  let windowStart = clock.now();
  const attributions = new Map<string, string>();
  let day = '';
  let dayEndsAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<number | null> | null = null;
  /**
   * Each brand's own searches in this window (brand id -> search key -> signal), written to the
   * brand's own stream at the flush: what its recommendations read, and nobody else.
   */
  let brandSearches = new Map<string, Map<string, SearchSignal>>();

  /** A brand's search with something to learn from (a category, topic, platform or place). */
  const noteBrandSearch = (req: Request, terms: ShownTerms) => {
    const principal = principalOf(req);
    if (!principal || principal.role !== 'user') return;
    if (principal.roles.includes('admin') || principal.roles.includes('auditor')) return;
    // A search is learnt from once, at its first page, and never from Best match for you itself:
    // paging through an order must not move the order it pages through.
    if ((terms.page ?? 1) > 1 || terms.match === true) return;
    const signal: SearchSignal = {
      adCategories: [...terms.adCategories],
      pageContentCategory: [...terms.pageContentCategory],
      platforms: [...(terms.socialMediaPlatforms ?? [])],
      locations: [...(terms.averageLocationOfAudience ?? [])],
      count: 1,
    };
    if (
      signal.adCategories.length +
        signal.pageContentCategory.length +
        signal.platforms.length +
        signal.locations.length ===
      0
    ) {
      return;
    }
    let ofBrand = brandSearches.get(principal.userId);
    if (!ofBrand) {
      if (brandSearches.size >= BUFFER_BRANDS) return;
      brandSearches.set(principal.userId, (ofBrand = new Map()));
    }
    // The same search asked again in a window (a page, the app's cache settling) counts once.
    const key = JSON.stringify([
      signal.adCategories,
      signal.pageContentCategory,
      signal.platforms,
      signal.locations,
    ]);
    if (!ofBrand.has(key) && ofBrand.size < MAX_SEARCHES_PER_FLUSH) ofBrand.set(key, signal);
  };

  /** Today (India's day), recomputed once the day is over. */
  const today = (): string => {
    const now = clock.now().getTime();
    if (now >= dayEndsAt) {
      day = insightsDay(now);
      dayEndsAt = Date.parse(`${day}T00:00:00.000Z`) + 86_400_000 - IST_OFFSET_MS;
    }
    return day;
  };

  /** The visitor cookie's value: a random id and its keyed signature (ours, not made up). */
  const cookieKey = Buffer.from(
    hkdfSync('sha256', options.secret, 'linkcoin', 'visitor cookie', 32),
  );
  const signature = (id: string) =>
    createHmac('sha256', cookieKey).update(id).digest('base64url').slice(0, 22);
  const visitorIdOf = (value: string | undefined): string | null => {
    const [id, signed] = (value ?? '').split('.');
    if (!id || !signed || !/^[A-Za-z0-9-]{8,64}$/.test(id)) return null;
    const expected = Buffer.from(signature(id));
    const given = Buffer.from(signed);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  };

  /** New visitors by client address this hour (in memory only). */
  let newVisitors = new Map<string, number>();
  let newVisitorsHour = 0;
  const mayCountNewVisitor = (address: string): boolean => {
    const hour = Math.floor(clock.now().getTime() / HOUR_MS);
    if (hour !== newVisitorsHour) {
      newVisitors = new Map();
      newVisitorsHour = hour;
    }
    const seen = newVisitors.get(address) ?? 0;
    if (seen >= NEW_VISITORS_PER_ADDRESS_PER_HOUR) return false;
    if (seen === 0 && newVisitors.size >= ADDRESSES_HELD) return false;
    newVisitors.set(address, seen + 1);
    return true;
  };

  /**
   * Who is looking: a signed-in member, or a visitor by our signed cookie (set when missing,
   * within the new visitors an address may bring). Null: nobody to count (staff, or a new
   * visitor past the address's hour).
   */
  const viewerOf = (req: Request, res: Response): Viewer => {
    // One request is one viewer, however many times it is counted (one cookie, one slot). Kept
    // on the request under this recorder's symbol rather than in a WeakMap of every request.
    const seen = (req as ViewerOfRequest)[VIEWER_OF_REQUEST];
    if (seen !== undefined) return seen;
    const viewer = newViewerOf(req, res);
    (req as ViewerOfRequest)[VIEWER_OF_REQUEST] = viewer;
    return viewer;
  };
  // A signed-in member's viewer, made once per principal (the authenticator hands the same
  // principal to every request of an unchanged account): one id string, hashed once.
  const viewersOfPrincipals = new WeakMap<Principal, Viewer>();
  const memberViewerOf = (principal: Principal): Viewer => {
    if (viewersOfPrincipals.has(principal)) return viewersOfPrincipals.get(principal)!;
    const viewer: Viewer =
      principal.roles.includes('admin') || principal.roles.includes('auditor')
        ? null
        : { id: `u:${principal.userId}`, kind: principal.role === 'user' ? 'brand' : 'visitor' };
    viewersOfPrincipals.set(principal, viewer);
    return viewer;
  };
  const newViewerOf = (req: Request, res: Response): Viewer => {
    const principal = principalOf(req);
    if (principal) return memberViewerOf(principal);
    const header = req.headers.cookie;
    const known = visitorIdOf(header ? parseCookie(header)[VIEWER_COOKIE] : undefined);
    if (known) return { id: `c:${known}`, kind: 'visitor' };
    if (!mayCountNewVisitor(req.ip ?? 'unknown')) return null;
    const id = randomUUID();
    res.append(
      'Set-Cookie',
      stringifySetCookie({
        name: VIEWER_COOKIE,
        value: `${id}.${signature(id)}`,
        httpOnly: true,
        secure: req.secure || options.secureCookies,
        sameSite: 'lax',
        path: '/',
        maxAge: VIEWER_COOKIE_MAX_AGE_S,
      }),
    );
    return { id: `c:${id}`, kind: 'visitor' };
  };

  const rowOf = (d: string, creatorId: string): PendingRow | null => {
    const id = `${d}|${creatorId}`;
    let row = rows.get(id);
    if (!row) {
      if (rows.size >= BUFFER_ROWS) {
        dropped += 1;
        void flush();
        return null;
      }
      row = {
        day: d,
        creatorId,
        impressions: 0,
        sources: new Map(),
        searchers: new Map(),
        views: new Map(),
        shownTo: new Map(),
      };
      rows.set(id, row);
    }
    return row;
  };

  const attribute = (viewerId: string, creatorId: string, source: string) => {
    const id = `${viewerId}\n${creatorId}`;
    attributions.delete(id);
    attributions.set(id, source);
    if (attributions.size > ATTRIBUTIONS) {
      attributions.delete(attributions.keys().next().value!);
    }
  };

  const shown: AnalyticsRecorder['shown'] = (req, res, terms, answer) => {
    if (options.recording) noteBrandSearch(req, terms);
    if (!options.recording || answer.data.length === 0) return answer;
    const viewer = viewerOf(req, res);
    if (viewer === null) return answer;
    const d = today();
    const sources =
      terms.search || terms.adCategories.length || terms.pageContentCategory.length
        ? sourcesOfSearch(terms)
        : [];
    const search = sources.join('\n');
    for (const item of answer.data) {
      if (viewer.id === `u:${item._id}`) continue;
      const row = rowOf(d, item._id);
      if (!row) continue;
      let searches = row.shownTo.get(viewer.id);
      if (!searches) {
        if (row.shownTo.size >= MAX_VIEWERS_PER_ROW) {
          dropped += 1;
          continue;
        }
        searches = new Set();
        row.shownTo.set(viewer.id, searches);
      }
      if (searches.has(search) || searches.size >= MAX_IMPRESSIONS_PER_VIEWER) continue;
      searches.add(search);
      row.impressions += 1;
      for (const source of sources) {
        // A day keeps MAX_SOURCES_PER_DAY sources (domain/insights/daily.ts): a window no more.
        if (!row.sources.has(source) && row.sources.size >= MAX_SOURCES_PER_DAY) continue;
        row.sources.set(source, (row.sources.get(source) ?? 0) + 1);
        // Only brands make searched words shareable: a visitor's id costs nothing to make.
        if (viewer.kind === 'brand' && source.startsWith('search:')) {
          const searchers = row.searchers.get(source) ?? new Set<string>();
          if (searchers.size < MIN_SEARCHERS) searchers.add(viewer.id);
          row.searchers.set(source, searchers);
        }
      }
      if (sources.length > 0) attribute(viewer.id, item._id, sources[0]!);
    }
    return answer;
  };

  const viewed: AnalyticsRecorder['viewed'] = (req, res, creatorId) => {
    if (!options.recording) return;
    const viewer = viewerOf(req, res);
    if (!viewer || isMember(viewer, creatorId)) return;
    const row = rowOf(today(), creatorId);
    if (!row || row.views.has(viewer.id)) return;
    if (views >= BUFFER_VIEWS) {
      dropped += 1;
      void flush();
      return;
    }
    views += 1;
    const source = attributions.get(`${viewer.id}\n${creatorId}`) ?? null;
    row.views.set(viewer.id, { kind: viewer.kind, source });
  };

  /** The taken rows as events' counts, the viewers hashed. */
  const countsOf = (taken: Iterable<PendingRow>): RecordedCounts[] =>
    [...taken].map((row) => ({
      day: row.day,
      creatorId: row.creatorId,
      impressions: row.impressions,
      sources: Object.fromEntries(row.sources),
      searchers: Object.fromEntries(
        [...row.searchers].map(([source, ids]) => [
          source,
          [...ids].map((viewerId) => viewerHash(key, row.creatorId, viewerId)),
        ]),
      ),
      views: [...row.views].map(([viewerId, view]) => ({
        viewer: viewerHash(key, row.creatorId, viewerId),
        kind: view.kind,
        source: view.source,
      })),
    }));

  /** Each brand's searches of the window, one event on the brand's own stream. */
  const writeBrandSearches = async (): Promise<number | null> => {
    const taken = brandSearches;
    brandSearches = new Map();
    let position: number | null = null;
    for (const [brandId, searches] of taken) {
      try {
        const result = await commands.handle(brandSignalsDecider, brandSignalsStreamId(brandId), {
          type: 'RecordBrandSearches',
          data: { brandId, searches: [...searches.values()] },
          metadata: {
            now: clock.now(),
            actorUserId: brandId,
            correlationId: randomUUID(),
            causationId: null,
          },
        });
        position = result.position ?? position;
      } catch (error: unknown) {
        // One brand's searches never keep the counts (or another brand's) from being written.
        logger.error({ err: error, component: 'analytics' }, 'brand searches not recorded');
      }
    }
    return position;
  };

  const write = async (): Promise<number | null> => {
    const brandPosition = await writeBrandSearches();
    const counted = await writeCounts();
    return counted ?? brandPosition;
  };

  const writeCounts = async (): Promise<number | null> => {
    if (rows.size === 0 && dropped === 0) return null;
    const taken = rows;
    const lost = dropped;
    const from = windowStart.toISOString();
    rows = new Map();
    views = 0;
    dropped = 0;
    windowStart = clock.now();
    const byDay = new Map<string, RecordedCounts[]>();
    for (const counts of countsOf(taken.values())) {
      const ofDay = byDay.get(counts.day);
      if (ofDay) ofDay.push(counts);
      else byDay.set(counts.day, [counts]);
    }
    if (byDay.size === 0) byDay.set(today(), []);
    let position: number | null = null;
    let first = true;
    for (const [d, counts] of byDay) {
      for (let start = 0; start === 0 || start < counts.length; start += ROWS_PER_EVENT) {
        const result = await commands.handle(analyticsDecider, analyticsStreamId(node, d), {
          type: 'RecordAnalytics',
          data: {
            node,
            from,
            counts: counts.slice(start, start + ROWS_PER_EVENT),
            dropped: first ? lost : 0,
          },
          metadata: {
            now: clock.now(),
            actorUserId: null,
            correlationId: randomUUID(),
            causationId: null,
          },
        });
        first = false;
        position = result.position ?? position;
      }
    }
    return position;
  };

  const flush = (): Promise<number | null> => {
    // One flush at a time; a flush asked for meanwhile runs after it with what came since.
    const next = (flushing ?? Promise.resolve(null))
      .catch(() => null)
      .then(write)
      .catch((error: unknown) => {
        logger.error({ err: error, component: 'analytics' }, 'analytics flush failed');
        return null;
      });
    flushing = next;
    return next;
  };

  return {
    shown,
    viewed,
    flush,
    start: () => {
      if (!options.recording || timer) return;
      timer = setInterval(() => void flush(), options.flushMs);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
  };
};
