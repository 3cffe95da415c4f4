/**
 * The first screens the server paints with the HTML (the landing page's hero, the directory's
 * banner, a public profile's header: services/platform/http/first-screen.ts) are replaced by
 * the app's own elements at the very same place. A text the app puts even a fraction of a pixel
 * lower or wider than the painted one is, for the browser, a new and larger paint: the page's
 * largest paint would then wait for the app's JavaScript, which is what painting with the HTML
 * is there to avoid (docs/performance.md, issue 20). So every large text of each painted first
 * screen must stand, to a hundredth of a pixel, where the app puts the same text, on a phone
 * and on a desktop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerUser } from '@linkcoin/services/testing/accounts.ts';
import { creatorWizard, saveProfile, uploadImage } from '@linkcoin/services/testing/profiles.ts';
import { startTestServer, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import {
  DESKTOP_VIEWPORT,
  PHONE_VIEWPORT,
  launchBrowser,
} from '../../tooling/browser-test/browser.ts';

/** Lighthouse's phone (Moto G Power) beside the browser tests' phone and desktop. */
const VIEWPORTS = {
  phone: PHONE_VIEWPORT,
  'Lighthouse phone': { width: 412, height: 823 },
  desktop: DESKTOP_VIEWPORT,
} as const;

/** How many of a painted screen's texts (largest first) must land exactly where the app's do. */
const LARGEST_TEXTS = 4;

type PlacedText = Readonly<{
  text: string;
  top: number;
  left: number;
  width: number;
  height: number;
}>;

let server: TestServer;
let browser: Browser;
let profilePath = '';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const creator = await registerUser(server, { role: 'influencer', ownerName: 'Meera Painted' });
  const picture = await uploadImage(server, creator);
  await saveProfile(
    server,
    creator,
    creatorWizard({
      ownerName: 'Meera Painted',
      profilePicUrl: picture,
      description: 'Street food walks across Indore and Bhopal, one stall at a time.',
      averageAudienceType: ['foodies', 'college-students', 'young-adults-20-30'],
      averageLocationOfAudience: ['Indore', 'Bhopal', 'Pune'],
    }),
  ).expect(200);
  profilePath = `/Profile/${creator.userId}`;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Every text node under a selector with its box, in the page as it stands. Browser code, kept
 * as text: this file is type-checked without the DOM's types.
 */
const TEXTS_UNDER = `(selector) => {
  const container = document.querySelector(selector);
  if (!container) return [];
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const placed = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').trim();
    if (text === '') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    placed.push({ text, top: box.top, left: box.left, width: box.width, height: box.height });
  }
  return placed;
}`;
const textsUnder = (page: Page, root: string): Promise<PlacedText[]> =>
  page.evaluate<PlacedText[]>(`(${TEXTS_UNDER})(${JSON.stringify(root)})`);

/** Once the page's web fonts are in (the app's texts are measured in Inter, as are the HTML's). */
const fontsReady = (page: Page) => page.evaluate('document.fonts.ready.then(() => true)');

/** The page with the server's first screen only: the app's JavaScript never arrives. */
const paintedTexts = async (path: string, viewport: { width: number; height: number }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(path);
  await fontsReady(page);
  const texts = await textsUnder(page, '#root > [aria-hidden="true"]');
  await context.close();
  return texts;
};

/** The same page once the app has replaced the first screen with its own elements. */
const appTexts = async (path: string, viewport: { width: number; height: number }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(path);
  await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  await page.locator('#root > [aria-hidden="true"]').waitFor({ state: 'detached' });
  // Polled through the locator (the page's CSP refuses script evaluated from a string).
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  await fontsReady(page);
  const texts = await textsUnder(page, 'main');
  await context.close();
  return texts;
};

const rounded = (value: number) => Math.round(value * 100) / 100;
const boxOf = ({ top, left, width, height }: PlacedText) => ({
  top: rounded(top),
  left: rounded(left),
  width: rounded(width),
  height: rounded(height),
});

describe('the first screen painted with the HTML', () => {
  const pages = [
    { name: 'the landing page', path: () => '/' },
    { name: 'the directory', path: () => '/influencers' },
    { name: 'a public profile', path: () => profilePath },
  ];
  for (const { name, path } of pages) {
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      it(`puts ${name}'s largest texts where the app puts them (${label})`, async () => {
        const painted = await paintedTexts(path(), viewport);
        expect(painted.length).toBeGreaterThan(0);
        const largest = [...painted]
          .sort((a, b) => b.width * b.height - a.width * a.height)
          .slice(0, LARGEST_TEXTS);
        const app = await appTexts(path(), viewport);
        for (const text of largest) {
          const same = app.find((candidate) => candidate.text === text.text);
          expect(same, `the app shows "${text.text}"`).toBeDefined();
          expect(boxOf(same!), `"${text.text}"`).toEqual(boxOf(text));
        }
      });
    }
  }
});
