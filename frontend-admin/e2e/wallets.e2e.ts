import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  adminEnv,
  grantAuditor,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import { type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import {
  cellsOf,
  grantCoins,
  historyRow,
  openSignedIn,
  topBarShows,
} from '../../tooling/browser-test/wallet.ts';
import {
  PAYLOADS,
  expectNothingRan,
  expectShownAsText,
  watchForScripts,
} from '../../tooling/browser-test/stored-script.ts';
import { consoleLogIn, waitForConsoleRoute } from './support/console.ts';

// Issue 8 deliverable 7: admins grant coins with a required reason and see a user's balance and
// history in the console; auditors read wallets without the grant; the brand sees the grant.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;
let admin: TestUser;

beforeAll(async () => {
  admin = await loginAdmin(harness.server);
});

beforeEach(() => {
  ({ server, page } = harness);
});

/** The console's history table of the wallet on screen. */
const consoleHistoryRow = (what: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: what, exact: true }) });

/** Waits until the wallet's shown balance is `balance` (react-admin's show layout field). */
const balanceShown = (balance: number) =>
  page
    .locator('.ra-field-balance')
    .filter({ hasText: new RegExp(`^Balance\\s*${balance}$`) })
    .waitFor();

describe('wallets in the console', () => {
  it('lets an admin grant 5 coins with a reason, which the brand then sees in the wallet history', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    const grants: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/grants')) {
        grants.push(request.postDataJSON());
      }
    });

    await consoleLogIn(page, server, ADMIN.email, ADMIN.password);
    await waitForConsoleRoute(page, 'otp-records');
    // From the user to their wallet: a user without coins yet has a zero wallet.
    await page.goto(`${server.url}/admin/#/users/${brand.userId}/show`);
    await page.getByText(brand.email).first().waitFor();
    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    await waitForConsoleRoute(page, `wallets/${brand.userId}/show`);
    await page.getByText('Wallet of Chai Point').waitFor();
    await balanceShown(0);
    await page.getByText('No LinkCoin activity yet').waitFor();

    await page.getByRole('button', { name: 'Grant LinkCoins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant LinkCoins' });
    // The reason is required: nothing is sent without one.
    await dialog.getByLabel('LinkCoins').fill('5');
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await dialog.getByText('Say why these coins are granted (3 to 500 characters)').waitFor();
    expect(grants).toEqual([]);

    await dialog.getByLabel('Reason').fill('Launch week bonus');
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await page.getByText('Granted 5 LinkCoins to Chai Point').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(grants).toEqual([{ coins: 5, reason: 'Launch week bonus' }]);

    const line = consoleHistoryRow('Granted by LinkCoin \u2014 Launch week bonus');
    await line.waitFor();
    expect(await line.textContent()).toContain('+5');
    expect(await line.textContent()).toContain('LinkCoin Admin');
    await balanceShown(5);

    // The wallets list finds it by user id.
    await page.getByRole('menuitem', { name: 'Wallets' }).click();
    await waitForConsoleRoute(page, 'wallets');
    await page.getByPlaceholder('Search by user ID').fill(brand.userId);
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(brand.userId));
    const row = page.getByRole('row').filter({ hasText: brand.userId });
    await row.waitFor();
    expect(await row.textContent()).toContain('Chai Point');

    // The brand sees the grant in their wallet, and the balance in the top bar.
    await harness.newPage();
    page = harness.page;
    await openSignedIn(page, server, brand, '/wallet');
    const grant = historyRow(page, 'Granted by LinkCoin \u2014 Launch week bonus');
    await grant.waitFor();
    const [, , coins, balanceAfter] = await cellsOf(grant);
    expect([coins, balanceAfter]).toEqual(['+5', '5']);
    await topBarShows(page, 5);
  });

  it('shows auditors the wallets read-only, with no grant', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Audited Brand' });
    await grantCoins(server, admin, brand.userId, 3, 'Support gesture');
    const auditor = await registerUser(server, { role: 'user', ownerName: 'Ada Auditor' });
    await grantAuditor(server, admin, auditor.userId);

    await consoleLogIn(page, server, auditor.email, auditor.password);
    await page.getByRole('menuitem', { name: 'Wallets' }).click();
    await waitForConsoleRoute(page, 'wallets');
    await page.getByRole('row').filter({ hasText: brand.userId }).click();
    await waitForConsoleRoute(page, `wallets/${brand.userId}/show`);
    await consoleHistoryRow('Granted by LinkCoin \u2014 Support gesture').waitFor();
    expect(await page.getByRole('button', { name: 'Grant LinkCoins' }).count()).toBe(0);
  });

  it('shows a grant reason holding markup as text, running nothing', async () => {
    const watch = await watchForScripts(page);
    const target = await registerUser(server, { role: 'user', ownerName: PAYLOADS.svg });
    const reason = `${PAYLOADS.img} ${PAYLOADS.template}`;
    await grantCoins(server, admin, target.userId, 2, reason);
    await consoleLogIn(page, server, ADMIN.email, ADMIN.password);
    await waitForConsoleRoute(page, 'otp-records');
    await page.goto(`${server.url}/admin/#/wallets/${target.userId}/show`);
    await consoleHistoryRow(`Granted by LinkCoin \u2014 ${reason}`).waitFor();
    await expectShownAsText(page, PAYLOADS.template);
    await expectNothingRan(page, watch);
  });
});
