import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { flushAnalytics } from '@linkcoin/services/testing/insights.ts';
import { verifyInstagram } from '@linkcoin/services/testing/profiles.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { openSignedIn } from '../../tooling/browser-test/wallet.ts';
import { axeFindings } from './support/axe.ts';

// Issue 24, item 3: "Recommended for you" at the top of the directory for a signed-in brand.
// The brand's searches are written when the test says so (flushAnalytics), never by a timer.

const harness = useBrowserTest({
  env: { ...adminEnv, ANALYTICS_FLUSH_MS: '600000' },
});
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const section = (target: Page) => target.locator('section[aria-labelledby="recommended-heading"]');

const noSidewaysScroll = async (target: Page) =>
  (await target.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  )) <= 0;

describe('recommended for you', () => {
  it('shows a brand who searched Fashion in Mumbai a matching creator, with the reasons', async () => {
    const admin = await loginAdmin(server);
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Riya Styles' });
    await verifyInstagram(server, admin, creator, 'riya.styles', {
      ownerName: 'Riya Styles',
      pageContentCategory: ['fashion'],
      averageLocationOfAudience: ['Mumbai'],
    });
    const other = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
    await verifyInstagram(server, admin, other, 'asha.cooks', { ownerName: 'Asha Cooks' });
    const brand = await registerUser(server, { role: 'user', companyName: 'Mumbai Threads' });

    // The brand searches the directory for Fashion creators with an audience in Mumbai.
    await openSignedIn(
      page,
      server,
      brand,
      '/influencers?pageContentCategory=fashion&averageLocationOfAudience=Mumbai',
    );
    await page
      .getByRole('list', { name: 'Influencers' })
      .getByRole('article', { name: 'Riya Styles' })
      .waitFor();
    await flushAnalytics(server);

    // Back at the directory's top, on a phone: the recommendation says why.
    page = await harness.newPage({ width: 360, height: 740 });
    await openSignedIn(page, server, brand, '/influencers');
    const recommended = section(page).getByRole('list', { name: 'Recommended creators' });
    const card = recommended.getByRole('article', { name: 'Riya Styles' });
    await card.waitFor();
    const reason = card.getByText(/^Matches your searches for/);
    await expect(reason.innerText()).resolves.toBe(
      'Matches your searches for Fashion · audience in Mumbai',
    );
    expect(await recommended.getByRole('article').first().getAttribute('aria-label')).toBe(
      'Riya Styles',
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);

    // Best match for you, chosen from the keyboard in the sort control: the list follows the
    // brand's own searches, each card saying why, and the address keeps the order.
    const sort = page.getByLabel('Sort by');
    await sort.focus();
    await page.keyboard.press('End');
    await page.waitForURL(/[?&]sort=match(&|$)/);
    await page.getByText(/^Best match for you \u2014 /).waitFor();
    expect(await sort.inputValue()).toBe('match');
    const listed = page
      .getByRole('list', { name: 'Influencers' })
      .getByRole('article', { name: 'Riya Styles' });
    await expect(listed.getByText(/^Matches your searches for/).innerText()).resolves.toBe(
      'Matches your searches for Fashion · audience in Mumbai',
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
  });

  it('lets a new brand pick interests from the keyboard, then shows creators in them', async () => {
    const admin = await loginAdmin(server);
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Kavya Wears' });
    await verifyInstagram(server, admin, creator, 'kavya.wears', {
      ownerName: 'Kavya Wears',
      adCategories: ['womens-clothing'],
    });
    const brand = await registerUser(server, { role: 'user', companyName: 'New Label' });
    page = await harness.newPage({ width: 360, height: 740 });
    await openSignedIn(page, server, brand, '/influencers');
    const chooser = page.getByRole('form', { name: 'What does your brand sell?' });
    await chooser.waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);

    await chooser.getByRole('checkbox', { name: 'Fashion & accessories' }).focus();
    await page.keyboard.press('Space');
    await chooser.getByRole('button', { name: 'Show creators' }).focus();
    await page.keyboard.press('Enter');
    const card = section(page).getByRole('article', { name: 'Kavya Wears' });
    await card.getByText('In Fashion & accessories, which you picked').waitFor();
    expect(await axeFindings(page)).toEqual([]);
  });

  it('is not shown to a creator, whose hand-typed sort=match reads as the default order', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Only Me' });
    await openSignedIn(page, server, creator, '/influencers?sort=match');
    await page.getByRole('heading', { level: 2, name: 'Influencers' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /creators?$/ })
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Recommended for you' }).count()).toBe(0);
    const sort = page.getByLabel('Sort by');
    expect(await sort.inputValue()).toBe('relevance');
    expect(await sort.locator('option', { hasText: 'Best match for you' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });

  it("reads a visitor's hand-typed sort=match as the default order", async () => {
    await page.goto('/influencers?sort=match');
    await page
      .getByRole('status')
      .filter({ hasText: /creators?$/ })
      .waitFor();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('relevance');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });
});
