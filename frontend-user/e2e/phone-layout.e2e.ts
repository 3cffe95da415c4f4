/**
 * A 360 px phone walks every route of both apps, signed in as whoever the route is for: no page
 * scrolls sideways (the document is never wider than the screen). Wide tables become cards or
 * scroll inside their own region, which says so and takes the keyboard's focus.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  consoleScreens,
  openScreen,
  useMarketplace,
  userAppScreens,
  type Marketplace,
  type Screen,
} from './support/screens.ts';

const { harness, marketplace: seeded } = useMarketplace();

const PHONE_360 = { width: 360, height: 740 } as const;

const anyHeading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

/** The routes the screens do not already cover. */
const moreRoutes = (m: Marketplace): Screen[] => [
  {
    name: 'payment failure',
    viewer: 'brand',
    path: '/payment-failure?code=PAYMENT_DECLINED',
    ready: anyHeading,
  },
  {
    name: 'console payment',
    viewer: 'admin',
    path: `/admin/#/payments/${m.payment.paymentId}/show`,
    ready: anyHeading,
  },
  {
    name: 'console user history, as of',
    viewer: 'auditor',
    path: `/admin/#/audit/${m.brand.userId}/as-of`,
    ready: anyHeading,
  },
  { name: 'console user history', viewer: 'auditor', path: '/admin/#/audit', ready: anyHeading },
];

/** How far the document reaches past the screen, and the elements that reach furthest. */
const overflowOf = (page: Page) =>
  page.evaluate<{ overflow: number; culprits: string[] }>(`(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    const culprits = overflow <= 0 ? [] : [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 5)
      .map((element) => element.tagName.toLowerCase() + '.' + String(element.className).split(' ').slice(0, 3).join('.'));
    return { overflow, culprits };
  })()`);

describe('at 360 px', () => {
  it('no route of either app scrolls sideways', async () => {
    const routes = [
      ...userAppScreens(seeded()),
      ...consoleScreens(seeded()),
      ...moreRoutes(seeded()),
    ];
    const failures: string[] = [];
    for (const route of routes) {
      const page = await harness.newPage(PHONE_360);
      try {
        await openScreen(page, harness.server, seeded(), route);
        await page.waitForTimeout(200);
        const { overflow, culprits } = await overflowOf(page);
        if (overflow > 0) {
          failures.push(
            `${route.name} (${route.path}) is ${overflow} px too wide: ${culprits.join(', ')}`,
          );
        }
      } catch (error) {
        failures.push(`${route.name} (${route.path}) could not be checked: ${String(error)}`);
      }
    }
    expect(routes.length).toBeGreaterThanOrEqual(35);
    expect(failures.join('\n')).toBe('');
  }, 600_000);

  it('shows the wallet history as cards, each figure on one line', async () => {
    const page = await harness.newPage(PHONE_360);
    await openScreen(page, harness.server, seeded(), {
      name: 'wallet',
      viewer: 'brand',
      path: '/wallet',
      ready: (p) => p.getByRole('list', { name: 'LinkCoin history, newest first' }).waitFor(),
    });
    expect(await page.getByRole('table').count()).toBe(0);
    const history = page.getByRole('list', { name: 'LinkCoin history, newest first' });
    const line = history.getByRole('listitem').filter({ hasText: 'to your list for' });
    await line.waitFor();
    // The text keeps its words whole: its box is far wider than a syllable.
    const what = line.getByText(/^Added Asha Kitchen to your list for \d+ days of chat$/);
    expect((await what.boundingBox())!.width).toBeGreaterThan(150);
    // The card names the creator, linked to their profile (issue 19's lines).
    expect(await line.getByRole('link', { name: 'Asha Kitchen' }).getAttribute('href')).toBe(
      `/Profile/${seeded().creator.userId}`,
    );
    await line.getByText(/^\u2212\d+$/).waitFor();
    await line.getByText(/^Balance after: \d+$/).waitFor();
    // A purchase names the payment it came from.
    await history
      .getByRole('listitem')
      .filter({ hasText: /^Bought/ })
      .getByText(`Payment ${seeded().payment.paymentId}`)
      .waitFor();
  });

  it('lets a keyboard reach and scroll a console table that is wider than the phone', async () => {
    const page = await harness.newPage(PHONE_360);
    await openScreen(
      page,
      harness.server,
      seeded(),
      consoleScreens(seeded()).find((screen) => screen.name === 'console users')!,
    );
    const region = page.getByRole('region', { name: 'Users' });
    await page
      .getByText(/swipe sideways/i)
      .first()
      .waitFor();
    await region.focus();
    const before = await region.evaluate((element) => element.scrollLeft);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => region.evaluate((element) => element.scrollLeft))
      .toBeGreaterThan(before);
  });
});
