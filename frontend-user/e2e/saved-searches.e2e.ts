import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { waitUntil } from '@linkcoin/services/testing/audit.ts';
import { mailsTo, type OutboxMail } from '@linkcoin/services/testing/mail.ts';
import { verifyInstagram } from '@linkcoin/services/testing/profiles.ts';
import { adjustableClock, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { waitForPath } from '../../tooling/browser-test/navigation.ts';
import { openSignedIn } from '../../tooling/browser-test/wallet.ts';
import { axeFindings } from './support/axe.ts';

// Issue 24, item 4: a brand saves a directory search; a creator who signs up and is verified
// into it is a new match in the app (the menu's badge, the saved searches' notice); the day's
// digest mails it once the clock has passed the digest hour (the process' tick, every 100 ms
// here, does the rest); the mail's unsubscribe link asks first and its button works without
// signing in, and a changed one is refused.

const clock = adjustableClock();
const harness = useBrowserTest({ clock, env: { ...adminEnv, PROCESS_TICK_MS: '100' } });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const DAY_MS = 24 * 60 * 60 * 1000;
const digestsTo = async (email: string): Promise<OutboxMail[]> =>
  (await mailsTo(server, email)).filter((mail) => mail.subject.includes('saved searches'));

describe('saved searches with alerts', () => {
  it('tell a brand in the app and by a daily e-mail of a creator verified into its search', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Kavya Foods' });

    // The brand saves the search in the address bar.
    await openSignedIn(
      page,
      server,
      brand,
      '/influencers?adCategories=kitchenware&verifiedOnly=true',
    );
    await page.getByRole('button', { name: 'Save this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Verified kitchen creators');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Search saved. We will tell you when new creators match it.').waitFor();

    // A creator signs up, fills the wizard and is verified: now they match.
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Leela Kitchen' });
    await verifyInstagram(
      server,
      await loginAdmin(server),
      creator,
      `leela.kitchen.${Date.now()}`,
      {
        ownerName: 'Leela Kitchen',
      },
    );

    // The brand's menu says so, and the saved searches show the new match.
    const menuButton = page.getByRole('button', {
      name: 'Account menu for Kavya Foods, 1 new match',
    });
    // (The alerts process runs beside the API: wait until it has recorded the match.)
    await waitUntil(async () => {
      const answer = await request(server.url)
        .get('/api/saved-searches')
        .set('Authorization', `Bearer ${brand.token}`);
      return answer.body.newMatchCount === 1;
    }, 'the new match');
    await page.goto('/');
    await menuButton.waitFor();
    await menuButton.click();
    await page.getByRole('menuitem', { name: /^Saved Searches/ }).click();
    await waitForPath(page, '/saved-searches');
    const notice = page.getByRole('region', { name: 'New matches (1)' });
    await notice.getByRole('link', { name: 'Leela Kitchen' }).waitFor();
    expect(await notice.innerText()).toContain('now matches “Verified kitchen creators”');
    expect(await axeFindings(page)).toEqual([]);

    // Seen: the notice and the menu's count go (the digest still lists the creator below).
    await notice.getByRole('button', { name: 'Mark as seen' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Account menu for Kavya Foods', exact: true }).waitFor();

    // Open leads to the saved search.
    await page.getByRole('link', { name: 'Open Verified kitchen creators' }).click();
    await page.waitForURL(/\/influencers\?adCategories=kitchenware&verifiedOnly=true$/);

    // The next morning's digest (India's digest hour has passed) lists the creator, once.
    expect(await digestsTo(brand.email)).toEqual([]);
    clock.advance(DAY_MS + 60_000);
    await waitUntil(async () => (await digestsTo(brand.email)).length === 1, 'the digest');
    const [digest] = await digestsTo(brand.email);
    expect(digest!.subject).toBe('1 new creator matches your saved searches on LinkCoin');
    expect(digest!.body).toContain('Leela Kitchen');

    // Its link for this search asks first (opening it changes nothing); the button turns the
    // e-mail off without signing in, as often as it is used.
    const link = /Stop these e-mails for this search: (\S+)/.exec(digest!.body)![1]!;
    const unsubscribe = new URL(link);
    page = await harness.newPage();
    for (let i = 0; i < 2; i++) {
      await page.goto(unsubscribe.pathname + unsubscribe.search);
      await page.getByRole('heading', { level: 1, name: 'Stop these e-mails?' }).waitFor();
      await page.getByText('“Verified kitchen creators”').waitFor();
      if (i === 0) expect(await axeFindings(page)).toEqual([]);
      await page.getByRole('button', { name: 'Stop the e-mails' }).click();
      await page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
      await page.getByText('“Verified kitchen creators”').waitFor();
    }
    expect(await axeFindings(page)).toEqual([]);
    // A changed link is refused, and says so.
    await page.goto(
      `${unsubscribe.pathname}?t=${unsubscribe.searchParams.get('t')!.slice(0, -3)}abc`,
    );
    await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();

    // In the app, the search's e-mail is off; on a 360 px phone the page fits.
    page = await harness.newPage({ width: 360, height: 740 });
    await openSignedIn(page, server, brand, '/saved-searches');
    const toggle = page.getByRole('switch', { name: 'Daily e-mail of new matches' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(360);
    // Turned on again from the keyboard.
    await toggle.focus();
    await page.keyboard.press('Space');
    await page
      .getByText('You will get a daily e-mail when new creators match this search.')
      .waitFor();
    expect(await toggle.isChecked()).toBe(true);
  });

  it('name each e-mail switch for its search, keep focus on the list after a delete, suggest names from the filters', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Tara Snacks' });
    for (const [name, query] of [
      ['Snacks', 'adCategories=packaged-food'],
      ['Spices', 'adCategories=spices'],
    ]) {
      await request(server.url)
        .post('/api/saved-searches')
        .set('Authorization', `Bearer ${brand.token}`)
        .send({ name, query })
        .expect(201);
    }
    await openSignedIn(page, server, brand, '/saved-searches');
    // Each switch says which search it is for.
    for (const name of ['Snacks', 'Spices']) {
      await page
        .getByRole('switch', { name: `Daily e-mail of new matches for “${name}”`, exact: true })
        .waitFor();
    }
    expect(await axeFindings(page)).toEqual([]);

    const deleteWithKeyboard = async (name: string) => {
      await page.getByRole('button', { name: `Delete ${name}`, exact: true }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete this saved search?' });
      await dialog.getByRole('button', { name: 'Delete', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Saved search deleted.').last().waitFor();
    };
    const focusedText = () => page.evaluate<string>('document.activeElement?.textContent ?? ""');

    // The first deleted: focus on the next search's heading, not the page's body.
    await deleteWithKeyboard('Snacks');
    await waitUntil(async () => (await focusedText()) === 'Spices', 'focus on the next search');
    expect(await page.evaluate<string>('document.activeElement?.tagName ?? ""')).toBe('H2');
    // The last deleted: focus on the page's heading.
    await deleteWithKeyboard('Spices');
    await waitUntil(
      async () => (await focusedText()) === 'Saved searches',
      'focus on the page heading',
    );
    expect(await page.evaluate<string>('document.activeElement?.tagName ?? ""')).toBe('H1');

    // The save dialog suggests a name made from the filters, numbered once it is taken.
    await page.goto('/influencers?adCategories=snacks&averageLocationOfAudience=Indore');
    for (const suggested of ['Snacks · Indore', 'Snacks · Indore 2']) {
      await page.getByRole('button', { name: 'Save this search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      const name = dialog.getByRole('textbox', { name: 'Name' });
      await name.waitFor();
      expect(await name.inputValue()).toBe(suggested);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.goto('/saved-searches');
    for (const name of ['Snacks · Indore', 'Snacks · Indore 2']) {
      await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    }
  });
});
