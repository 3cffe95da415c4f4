import { readFile } from 'node:fs/promises';
import { figuresDay } from '@linkcoin/domain/audit/figures.ts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  adminEnv,
  grantAuditor,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import { waitUntil } from '@linkcoin/services/testing/audit.ts';
import {
  changeCollection,
  grantCoins,
  sendMessage,
} from '@linkcoin/services/testing/collections.ts';
import { balanceOf, buyInSandbox } from '@linkcoin/services/testing/payments.ts';
import {
  creatorWizard,
  saveProfile,
  verifyInstagram,
} from '@linkcoin/services/testing/profiles.ts';
import { adjustableClock, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { consoleLogIn, waitForConsoleRoute } from './support/console.ts';

// Issue 24, item 6: an auditor opens Figures in the console after some activity (sign-ups, a
// verification, a purchase, an admin's grant, two conversations of which one answered), sees
// the totals, the charts and every day of the period, changes the period, downloads the CSV,
// and reads it all on a phone without sideways scrolling.

const clock = adjustableClock();
const harness = useBrowserTest({ clock, env: adminEnv });
let server: TestServer;
let page: Page;
let auditor: TestUser;
let bought = 0;

beforeAll(async () => {
  server = harness.server;
  const admin = await loginAdmin(server);
  auditor = await registerUser(server, { role: 'user', ownerName: 'Ada Auditor' });
  await grantAuditor(server, admin, auditor.userId);
  const brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
  const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
  const quiet = await registerUser(server, { role: 'influencer', ownerName: 'Quiet Travels' });
  await verifyInstagram(server, admin, creator, 'ashacooks');
  await saveProfile(server, quiet, creatorWizard({ ownerName: 'Quiet Travels' })).expect(200);
  await buyInSandbox(server, brand, { coins: 3 });
  await waitUntil(async () => (await balanceOf(server, brand)) >= 3, 'the purchase');
  bought = await balanceOf(server, brand);
  await grantCoins(server, admin, brand, 120);
  await changeCollection(server, brand, 'add', creator.userId).expect(201);
  await changeCollection(server, brand, 'add', quiet.userId).expect(201);
  await sendMessage(server, clock.now(), brand, creator, 'Shall we work together?');
  await sendMessage(server, clock.now(), creator, brand, 'Gladly.');
  await sendMessage(server, clock.now(), brand, quiet, 'Hello?');
}, 120_000);

beforeEach(() => {
  page = harness.page;
});

const tile = (id: string) => page.getByTestId(`figure-${id}`);

describe('the marketplace figures in the console', () => {
  it('shows an auditor the totals, the chart and every day, and downloads the CSV', async () => {
    await consoleLogIn(page, server, auditor.email, auditor.password);
    await waitForConsoleRoute(page, 'users');
    await page.getByRole('menuitem', { name: 'Figures' }).click();
    await waitForConsoleRoute(page, 'figures');
    await page.getByRole('heading', { level: 1, name: 'Figures' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Marketplace figures' }).waitFor();

    // 30 days unless chosen: the auditor, the brand and two creators signed up.
    await expect.poll(() => tile('sign-ups').textContent()).toBe('4');
    expect(await page.getByText('2 brands, 2 creators').count()).toBe(1);
    expect(await tile('verified').textContent()).toBe('1');
    // Coins in (bought, granted by the admin, refunded) and out (spent).
    expect(await tile('coins-bought').textContent()).toBe(String(bought));
    expect(await tile('coins-granted').textContent()).toBe('120');
    expect(await tile('coins-refunded').textContent()).toBe('0');
    expect(await tile('coins-spent').textContent()).toBe('2');
    expect(await tile('conversations').textContent()).toBe('2');
    expect(await tile('reply-rate').textContent()).toBe('50%');
    const table = page.getByRole('table', { name: 'Figures day by day' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(30);
    // The period names its year; counts and coins are two charts, each with its name.
    await page.getByText(/^From \d{1,2} \w{3} to \d{1,2} \w{3} \d{4}, in India's days\./).waitFor();
    const activity = page.getByRole('figure', { name: /^Sign-ups, newly verified creators/ });
    const coins = page.getByRole('figure', { name: /^Coins bought, granted, refunded and spent/ });
    await activity.locator('svg').first().waitFor();
    await coins.locator('svg').first().waitFor();
    await coins.getByText('Coins granted').first().waitFor();
    expect(await activity.getByText('Coins spent').count()).toBe(0);

    // A week: the address keeps the period, the table has seven days.
    await page.getByRole('button', { name: '7 days' }).click();
    await page.waitForURL((url) => url.hash.includes('days=7'));
    await expect.poll(() => table.locator('tbody tr').count()).toBe(7);
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^figures-7-days-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toBe(
      'Day,Brand sign-ups,Creator sign-ups,Newly verified creators,Verified creators,Coins bought,Coins granted,Coins spent,Coins refunded,Conversations opened,Conversations answered,Reply rate (%)',
    );
    expect(lines).toHaveLength(7);
    const total = (column: number) =>
      lines.reduce((n, line) => n + Number(line.split(',')[column]), 0);
    expect(total(1) + total(2)).toBe(4);
    expect(total(6)).toBe(120);
    expect(total(9)).toBe(2);
    expect(total(10)).toBe(1);
  });

  it('reads a year: both years named, each day on one line, the chosen period the tab stop', async () => {
    // 365 days ending on 31 December lie in one year: a day later they span two.
    if (figuresDay(clock.now()).endsWith('-12-31')) clock.advance(24 * 60 * 60 * 1000);
    await consoleLogIn(page, server, auditor.email, auditor.password);
    await waitForConsoleRoute(page, 'users');
    await page.goto(`${server.url}/admin/#/figures?days=365`);
    await page.getByRole('heading', { level: 2, name: 'Marketplace figures' }).waitFor();
    await page
      .getByText(/^From \d{1,2} \w{3} (\d{4}) to \d{1,2} \w{3} (?!\1)\d{4}, in India's days\./)
      .waitFor();
    const table = page.getByRole('table', { name: 'Figures day by day' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(365);
    // At 1366 px the day and its year read on one line.
    const day = table.locator('tbody th').first();
    expect(await day.textContent()).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    // The lines its text takes: one when it does not wrap.
    const lines = await page.evaluate<number>(`(() => {
      const cell = document.querySelector('table[aria-label="Figures day by day"] tbody th');
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    })()`);
    expect(lines).toBe(1);
    // Tab from the heading lands on the chosen period, not on the first.
    await page.getByRole('heading', { level: 2, name: 'Marketplace figures' }).click();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('365 days');
    expect(await focused.getAttribute('aria-pressed')).toBe('true');
    // The arrow keys move along the periods; Enter chooses.
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator(':focus').textContent()).toBe('90 days');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash.includes('days=90'));
  });

  it('reads on a phone: no sideways scroll, the table scrolls in its own region', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await consoleLogIn(page, server, auditor.email, auditor.password);
    await waitForConsoleRoute(page, 'users');
    await page.goto(`${server.url}/admin/#/figures?days=90`);
    await page.getByRole('heading', { level: 2, name: 'Marketplace figures' }).waitFor();
    const region = page.getByRole('region', { name: 'Figures day by day' });
    await region.locator('tbody tr').first().waitFor();
    await page.getByText('More columns to the right').waitFor();
    // The download keeps its words on a phone.
    const download = page.getByRole('button', { name: 'Download CSV' });
    expect(await download.innerText()).toBe('Download CSV');
    expect(
      await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth'),
    ).toBe(true);
    // The region takes the keyboard's focus and scrolls with the arrow keys.
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });
});
