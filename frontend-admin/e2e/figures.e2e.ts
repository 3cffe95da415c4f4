import { readFile } from 'node:fs/promises';
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
import { changeCollection, sendMessage } from '@linkcoin/services/testing/collections.ts';
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
// verification, a purchase, two conversations of which one answered), sees the totals, the
// chart and every day of the period, changes the period, downloads the CSV, and reads it all
// on a phone without sideways scrolling.

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
    expect(await tile('coins-bought').textContent()).toBe(String(bought));
    expect(await tile('coins-spent').textContent()).toBe('2');
    expect(await tile('conversations').textContent()).toBe('2');
    expect(await tile('reply-rate').textContent()).toBe('50%');
    const table = page.getByRole('table', { name: 'Figures day by day' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(30);
    await page.locator('figure svg').first().waitFor();

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
    expect(header).toMatch(/^Day,Brand sign-ups,Creator sign-ups,Newly verified creators,/);
    expect(lines).toHaveLength(7);
    const total = (column: number) =>
      lines.reduce((n, line) => n + Number(line.split(',')[column]), 0);
    expect(total(1) + total(2)).toBe(4);
    expect(total(8)).toBe(2);
    expect(total(9)).toBe(1);
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
