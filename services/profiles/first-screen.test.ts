import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '@linkcoin/domain/profiles/contracts.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { edgeApp } from '../testing/edge-app.ts';
import {
  ANSWERS_ELEMENT_ID,
  SHELL_MARKER,
  SIGNED_IN_COOKIE,
} from '../platform/http/first-screen.ts';
import type { AnalyticsRecorder } from '../platform/analytics/recorder.ts';
import { profileFirstScreen } from './first-screen.ts';
import type { ProfileHandlers } from './handlers.ts';

const INJECTION = '</script><script>alert(1)</script>';

const profile = (changes: Partial<ProfileView> = {}): ProfileView => ({
  _id: 'creator-1',
  ownerName: `Asha ${INJECTION}`,
  companyName: null,
  handle: 'asha.cooks',
  email: null,
  mobile: null,
  whatsapp: null,
  role: 'influencer',
  description: `Home recipes ${INJECTION} <!-- & "quotes" 'too'`,
  profilePicUrl: '/uploads/0b7c9c9e-1d1e-4c55-9d53-0c1f0b1e2a3b.png',
  socialMediaPlatforms: ['instagram'],
  profileDetails: [],
  adCategories: ['beverages'],
  pageContentCategory: [],
  averageAudienceType: ['college-students'],
  averageLocationOfAudience: [`Pune ${INJECTION}`],
  pricing: { storyPost: null, feedPost: null, reel: null },
  pastPosts: [],
  promotions: 0,
  isOnline: false,
  earlyAdopter: false,
  replyHours: null,
  linkCoins: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...changes,
});

/** The views the page counted (insights): it sends the answer, so it counts the view. */
const viewed: string[] = [];
const analytics = {
  viewed: (_req: unknown, _res: unknown, creatorId: string) => viewed.push(creatorId),
} as unknown as AnalyticsRecorder;

/** The profiles the stub read model holds, as the API's kept JSON text. */
const stored = new Map<string, string>();
const profiles = {
  viewJson: async (userId: string, withContact: boolean) => {
    expect(withContact).toBe(false);
    const json = stored.get(userId);
    if (json === undefined) throw new DomainError('not_found', 'User not found');
    return json;
  },
} as unknown as ProfileHandlers;

const INDEX = `<!doctype html><html><head><title>LinkCoin</title></head><body><div id="root"><div class="app-shell-bar">LinkCoin</div>${SHELL_MARKER}</div><script type="module" src="/assets/index.js"></script></body></html>`;

/** The scripts of a page: their attributes and text. */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, text]) => ({
    attributes: attributes!,
    text: text!,
  }));

describe("a public profile's first screen in the HTML", () => {
  let dir: string;
  let app: ReturnType<typeof edgeApp>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'linkcoin-first-screen-'));
    await writeFile(join(dir, 'index.html'), INDEX);
    app = edgeApp({
      bodyLimit: '1kb',
      serveFrontends: true,
      frontendDists: { user: dir, admin: dir },
      firstScreens: [profileFirstScreen(profiles, analytics)],
    });
    stored.set('creator-1', JSON.stringify(profile()));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const page = (path = '/Profile/creator-1') =>
    request(app).get(path).set('Accept', 'text/html').expect(200);

  it("serves creator-controlled text inert: no script but the app's and the data block", async () => {
    viewed.length = 0;
    const res = await page();
    expect(viewed).toEqual(['creator-1']);
    const scripts = scriptsOf(res.text);
    expect(scripts.map((script) => script.attributes.trim())).toEqual([
      'type="module" src="/assets/index.js"',
      `type="application/json" id="${ANSWERS_ELEMENT_ID}"`,
    ]);
    expect(res.text).not.toContain('<script>alert(1)');
    // The data block gives the API's anonymous answer back, unchanged.
    const answers = JSON.parse(scripts[1]!.text) as Record<string, unknown>;
    expect(answers).toEqual({
      '/pageowners/user/creator-1': { success: true, data: profile() },
    });
    // The painted header shows the same text, escaped.
    expect(res.text).toContain(
      '<h1><span>Asha &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span></h1>',
    );
    expect(res.text).toContain(
      'Home recipes &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; &quot;quotes&quot; &#39;too&#39;',
    );
    // The picture is preloaded, first.
    expect(res.text).toContain(
      '<link rel="preload" as="image" href="/uploads/0b7c9c9e-1d1e-4c55-9d53-0c1f0b1e2a3b.png" fetchpriority="high">',
    );
  });

  it('shows no picture from elsewhere than our uploads or https', async () => {
    stored.set(
      'creator-2',
      JSON.stringify(profile({ _id: 'creator-2', profilePicUrl: 'javascript:alert(1)' })),
    );
    const res = await page('/Profile/creator-2');
    expect(res.text).toContain('<span class="fs-avatar"></span>');
    expect(res.text).not.toContain('src="javascript:');
    expect(res.text).not.toContain('rel="preload" as="image"');
  });

  it('gives a missing profile the plain app (which shows the missing-profile page)', async () => {
    const res = await page('/Profile/nobody');
    expect(res.text).toBe(INDEX);
  });

  it('gives a browser with a session the plain app (which asks with its token)', async () => {
    const res = await page().set('Cookie', `other=1; ${SIGNED_IN_COOKIE}=1`);
    expect(res.text).toBe(INDEX);
    // An emptied marker (signed out) is a visitor's.
    const out = await page().set('Cookie', `${SIGNED_IN_COOKIE}=`);
    expect(out.text).toContain(ANSWERS_ELEMENT_ID);
  });

  it('revalidates: 304 while the profile is unchanged, the new page once it changes', async () => {
    const first = await page();
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('Cookie');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    await request(app)
      .get('/Profile/creator-1')
      .set('Accept', 'text/html')
      .set('If-None-Match', etag)
      .expect(304);
    stored.set('creator-1', JSON.stringify(profile({ description: 'Weekend baking' })));
    const changed = await request(app)
      .get('/Profile/creator-1')
      .set('Accept', 'text/html')
      .set('If-None-Match', etag)
      .expect(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.text).toContain('<p>Weekend baking</p>');
  });

  it('leaves JSON requests and other pages to the plain app', async () => {
    await request(app).get('/Profile/creator-1').set('Accept', 'application/json').expect(404);
    const other = await page('/influencers');
    expect(other.text).toBe(INDEX);
  });
});
