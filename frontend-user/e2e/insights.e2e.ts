import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  adminEnv,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import { flushAnalytics } from '@linkcoin/services/testing/insights.ts';
import { creatorWizard, saveProfile } from '@linkcoin/services/testing/profiles.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { waitForPath } from '../../tooling/browser-test/navigation.ts';
import { grantCoins, openSignedIn } from '../../tooling/browser-test/wallet.ts';
import { axeFindings } from './support/axe.ts';
import { confirmDialog, spendButton } from './support/chat.ts';

// Issue 24, deliverable 1: a creator sees an impression, a view and a list add appear in
// /insights after a brand searches, opens and adds them. The analytics are written when the
// test says so (flushAnalytics), never by the recorder's timer: no waiting on time.

const harness = useBrowserTest({
  env: { ...adminEnv, ANALYTICS_FLUSH_MS: '600000' },
});
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

/** A figure of the period, by its label: the tile. */
const figure = (target: Page, label: string) =>
  target
    .getByRole('list', { name: 'Figures of the period' })
    .getByRole('listitem')
    .filter({ hasText: label });
/** The tile's lines: its label, its number, what it is made of. */
const figureLines = async (target: Page, label: string) =>
  (await figure(target, label).innerText()).split('\n').filter((line) => line.trim() !== '');

const creatorNamed = async (ownerName: string): Promise<TestUser> => {
  const creator = await registerUser(server, { role: 'influencer', ownerName });
  await saveProfile(server, creator, creatorWizard({ ownerName })).expect(200);
  return creator;
};

describe('creator insights', () => {
  it('show the impression, the view and the list add a brand made, from the user menu', async () => {
    const creator = await creatorNamed('Meher Bakes');
    const brand = await registerUser(server, { role: 'user', companyName: 'Chai Point' });
    await grantCoins(
      server,
      await loginAdmin(server),
      brand.userId,
      1,
      'Coins for the insights test',
    );

    // The brand searches, opens the profile and adds the creator.
    await openSignedIn(page, server, brand, '/influencers?search=meher&adCategories=spices');
    await page.getByRole('heading', { name: 'Meher Bakes' }).first().waitFor();
    await page.goto(`/Profile/${creator.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Meher Bakes' }).waitFor();
    await page.getByRole('button', { name: 'Add to List', exact: true }).click();
    await spendButton(
      confirmDialog(page, 'Spend 1 LinkCoin to add this user to your list.'),
    ).click();
    await page.getByText('User added to collection successfully!').waitFor();
    await flushAnalytics(server);

    // The creator opens Insights from the user menu.
    page = await harness.newPage();
    await openSignedIn(page, server, creator, '/');
    await page.getByRole('button', { name: 'Account menu for Meher Bakes' }).click();
    await page.getByRole('menuitem', { name: 'Insights' }).click();
    await waitForPath(page, '/insights');
    await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
    expect(await figureLines(page, 'Search impressions')).toEqual(['Search impressions', '1']);
    expect(await figureLines(page, 'Profile viewers')).toEqual([
      'Profile viewers',
      '1',
      '1 brand · 0 visitors',
    ]);
    // The period as a date people read, with its year.
    await page
      .getByText(
        /^Your last 30 days, \d{1,2} \w{3}( \d{4})? to \d{1,2} \w{3} \d{4} \(India time\)\./,
      )
      .waitFor();
    await page
      .getByRole('figure', { name: /^Search impressions, profile viewers and list adds per day/ })
      .locator('svg')
      .first()
      .waitFor();
    expect(await figureLines(page, 'List adds')).toEqual(['List adds', '1']);
    // The category the search filtered on, without who made it; the typed words stay unnamed
    // until three different people have searched them.
    const sources = page.getByRole('region', { name: 'Where views came from' });
    await sources.getByText('Spices', { exact: true }).waitFor();
    expect(await sources.getByText('“meher”').count()).toBe(0);
    await sources.getByText(/show once at least 3 different people searched them/).waitFor();
    expect(await page.getByText('Chai Point').count()).toBe(0);

    // The chart's numbers as a table, opened from the keyboard.
    const showTable = page.getByRole('button', { name: 'Show the numbers as a table' });
    await showTable.focus();
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: 'Day by day' });
    await table.waitFor();
    const today = table.getByRole('row').nth(1);
    await expect(today.getByRole('cell').allInnerTexts()).resolves.toEqual(['1', '1', '0', '1']);

    // The period, from the keyboard too: 7 days, in the address bar.
    await page.getByRole('button', { name: 'Last 7 days' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/insights\?days=7$/);
    await expect
      .poll(() => page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed'))
      .toBe('true');
    // The header and 7 days, once the period's answer has replaced the 30 days shown meanwhile.
    await expect.poll(() => table.getByRole('row').count()).toBe(8);

    expect(await axeFindings(page)).toEqual([]);
  });

  it('are linked from the wizard, read on a 360 px phone without sideways scrolling', async () => {
    const creator = await creatorNamed('Tara Trails');
    page = await harness.newPage({ width: 360, height: 740 });
    await openSignedIn(page, server, creator, '/UpdateProfile');
    await page
      .getByRole('link', { name: 'See how brands find your profile: your insights' })
      .click();
    await waitForPath(page, '/insights');
    await figure(page, 'Search impressions').waitFor();
    // Nothing happened yet: the chart says so instead of drawing flat lines.
    await page.getByText(/^Nothing to chart yet: no search impressions/).waitFor();
    expect(await page.getByRole('figure').count()).toBe(0);
    await page
      .getByRole('region', { name: 'Where views came from' })
      .getByText(/^No searches have shown your profile in this period yet\./)
      .waitFor();
    await page.getByRole('button', { name: 'Show the numbers as a table' }).click();
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(360);
    expect(await axeFindings(page)).toEqual([]);
  });

  it("say that searches showed the profile when the words can't be named yet", async () => {
    const creator = await creatorNamed('Kavya Crafts');
    // A visitor searches words that find the creator, with no category or topic.
    await page.goto('/influencers?search=kavya');
    await page.getByRole('heading', { name: 'Kavya Crafts' }).first().waitFor();
    await flushAnalytics(server);

    page = await harness.newPage();
    await openSignedIn(page, server, creator, '/insights');
    expect(await figureLines(page, 'Search impressions')).toEqual(['Search impressions', '1']);
    const sources = page.getByRole('region', { name: 'Where views came from' });
    await sources
      .getByText(
        'Your profile appeared once in directory listings in this period. Words people typed to find you show here when at least 3 different people have searched them, so no search points at one brand.',
      )
      .waitFor();
    expect(await sources.getByText(/No searches have shown/).count()).toBe(0);
    expect(await sources.getByText('“kavya”').count()).toBe(0);
  });

  it('tell a brand they are for creators, and are not in its menu', async () => {
    const brand = await registerUser(server, { role: 'user', companyName: 'Tea Trails' });
    await openSignedIn(page, server, brand, '/');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'LinkCoin Wallet' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Insights' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/insights');
    await page.getByText('Insights are for creators').waitFor();
  });
});
