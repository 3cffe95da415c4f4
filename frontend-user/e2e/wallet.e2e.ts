import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { type TestServer } from '@linkcoin/services/testing/test-server.ts';
import {
  currentPath,
  expectMainHeading,
  waitForPath,
} from '../../tooling/browser-test/navigation.ts';
import {
  PAYLOADS,
  expectNothingRan,
  expectShownAsText,
  watchForScripts,
} from '../../tooling/browser-test/stored-script.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import {
  approveInSandbox,
  cellsOf,
  declineInSandbox,
  grantCoins,
  historyRow,
  openPurchaseDialog,
  openSignedIn,
  sandboxPageShown,
  topBarShows,
} from '../../tooling/browser-test/wallet.ts';

// Issue 8 and docs/product-spec.md sections 2 (top bar, purchase dialog, payment result screens), 3, 8 and 9:
// buying LinkCoins in the sandbox (the embedded default), the result screens, the wallet history.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const brand = (ownerName: string) => registerUser(server, { role: 'user', ownerName });

async function openAccountMenu(ownerName: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${ownerName}` }).click();
  await page.getByRole('menu').waitFor();
}

/** The transaction id the result screen shows, and the one in its address. */
async function transactionIds(): Promise<[string | null, string | null]> {
  const shown = await page
    .getByRole('main')
    .locator('dt', { hasText: 'Transaction ID' })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  return [shown, new URL(page.url()).searchParams.get('id')];
}

describe('buying LinkCoins in the sandbox', () => {
  it('gives a new brand 30 coins for the 25 + 5 package, in the top bar and in the wallet history', async () => {
    await brand('Chai Point').then((user) => openSignedIn(page, server, user));
    await topBarShows(page, 0);

    const dialog = await openPurchaseDialog(page);
    await dialog.getByRole('radio', { name: /^25 \+ 5 LinkCoins for/ }).check();
    await dialog.getByRole('button', { name: /^Pay ₹\s?125$/ }).click();

    await approveInSandbox(page);
    await waitForPath(page, '/payment-success');
    await expectMainHeading(page, 'Payment Successful');
    let reloads = 0;
    page.on('load', () => (reloads += 1));
    await page.getByText('Thank you for your purchase!').waitFor();
    await page.getByText('A receipt has been sent to your email address.').waitFor();
    const [shownId, addressId] = await transactionIds();
    expect(addressId).toBeTruthy();
    expect(shownId).toBe(addressId);
    await page.getByRole('link', { name: 'support@linkcoin.in' }).waitFor();

    // The coins arrive and the top bar follows, without a reload.
    await topBarShows(page, 30);
    await page
      .getByText('30 LinkCoins added to your wallet. Your balance is now 30 LinkCoins.')
      .waitFor();
    expect(reloads).toBe(0);

    await openAccountMenu('Chai Point');
    await page.getByRole('menuitem', { name: 'LinkCoin Wallet' }).click();
    await waitForPath(page, '/wallet');
    await expectMainHeading(page, 'LinkCoin Wallet');
    const purchase = historyRow(page, 'Bought 25 + 5 LinkCoins');
    await purchase.waitFor();
    const [, , coins, balanceAfter] = await cellsOf(purchase);
    expect([coins, balanceAfter]).toEqual(['+30', '30']);
    await page.getByText('30 LinkCoins', { exact: true }).waitFor();
  });

  it('shows a declined payment its message, the transaction id, and an unchanged balance', async () => {
    const buyer = await brand('Kesar Botanicals');
    await grantCoins(server, await loginAdmin(server), buyer.userId, 5, 'Welcome coins');
    await openSignedIn(page, server, buyer, '/wallet');
    await historyRow(page, 'Granted by LinkCoin \u2014 Welcome coins').waitFor();
    await topBarShows(page, 5);

    const dialog = await openPurchaseDialog(page);
    // The preset: 10 coins at ₹5 each.
    await dialog.getByRole('button', { name: /^Pay ₹\s?50$/ }).click();
    await declineInSandbox(page, 'CARD_DECLINED');

    await waitForPath(page, '/payment-failure');
    expect(new URL(page.url()).searchParams.get('code')).toBe('CARD_DECLINED');
    await expectMainHeading(page, 'Payment Failed');
    await page.getByText('Your card was declined by the issuer.', { exact: true }).waitFor();
    await page
      .getByText(
        'Your account has not been charged. Please try again or use a different payment method.',
      )
      .waitFor();
    const [shownId, addressId] = await transactionIds();
    expect(shownId).toBe(addressId);
    await topBarShows(page, 5);

    // Try Again: back to buying (the page before was the provider's).
    await page.getByRole('button', { name: 'Try Again' }).click();
    await waitForPath(page, '/payment');
    await expectMainHeading(page, 'Buy LinkCoins');

    await page.goto('/wallet');
    await historyRow(page, 'Granted by LinkCoin \u2014 Welcome coins').waitFor();
    expect(
      await page
        .getByRole('table')
        .getByRole('cell', { name: /^Purchase/ })
        .count(),
    ).toBe(0);
    await page.getByText('5 LinkCoins', { exact: true }).waitFor();
    await topBarShows(page, 5);
  });

  it('starts one payment however fast Pay is clicked', async () => {
    await brand('Double Clicker').then((user) => openSignedIn(page, server, user));
    const starts: { key: string | undefined; body: unknown }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/payment/pay') {
        starts.push({ key: request.headers()['idempotency-key'], body: request.postDataJSON() });
      }
    });
    const dialog = await openPurchaseDialog(page);
    await dialog.getByRole('radio', { name: /^10 \+ 1 LinkCoins for/ }).check();
    await dialog.getByRole('button', { name: /^Pay / }).dblclick();
    await sandboxPageShown(page);
    expect(starts).toHaveLength(1);
    expect(starts[0]?.key).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
    // The browser names a package; the server prices it.
    expect(starts[0]?.body).toEqual({ userId: expect.any(String), packageId: 'starter' });
  });
});

describe('the purchase dialog', () => {
  it('shows the packages, the quantity preset to 10 with its running total, and how LinkCoins work', async () => {
    await brand('Tiffin Tales').then((user) => openSignedIn(page, server, user));
    const dialog = await openPurchaseDialog(page);

    for (const name of [
      /^10 \+ 1 LinkCoins for ₹\s?50$/,
      /^25 \+ 5 LinkCoins for ₹\s?125, most popular$/,
      /^50 \+ 12 LinkCoins for ₹\s?250$/,
    ]) {
      await dialog.getByRole('radio', { name }).waitFor();
    }
    for (const text of ['₹55', '₹150', '₹310']) {
      await dialog.locator('del', { hasText: text }).waitFor();
    }
    for (const text of ['9% off', '17% off', '19% off', 'Most popular', '5 free coins']) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }

    const quantity = dialog.getByLabel('Number of LinkCoins');
    expect(await quantity.inputValue()).toBe('10');
    expect(await dialog.getByRole('radio', { name: 'Custom quantity' }).isChecked()).toBe(true);
    const total = dialog.getByRole('status');
    expect(await total.textContent()).toMatch(/₹\s?50/);

    await quantity.fill('');
    await quantity.pressSequentially('1-2.x');
    expect(await quantity.inputValue()).toBe('12');
    expect(await total.textContent()).toMatch(/₹\s?60/);
    await dialog.getByRole('button', { name: /^Pay ₹\s?60$/ }).waitFor();

    await quantity.fill('0');
    await dialog.getByText('Buy at least 1 LinkCoin.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Pay', exact: true }).isDisabled()).toBe(true);
    await quantity.fill('2001');
    await dialog.getByText('You can buy at most 2000 LinkCoins at a time.').waitFor();

    await dialog.getByRole('heading', { name: 'How LinkCoins work' }).waitFor();
    for (const title of [
      '1 coin = 7 days of chat',
      '48-hour reply guarantee',
      'Coins never expire',
      'More coins, more creators',
    ]) {
      await dialog.getByText(title, { exact: true }).waitFor();
    }
    await dialog.getByText(/does not reply within 48 hours, your coin is refunded/).waitFor();
    await dialog
      .getByText(/Every 5 additional coins in your balance unlock 1 extra page/)
      .waitFor();
  });

  it('says a payment could not be started, and lets the user try again', async () => {
    await brand('Unlucky Brand').then((user) => openSignedIn(page, server, user));
    await page.route('**/api/payment/pay', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: 'Internal error' } }),
    );
    const dialog = await openPurchaseDialog(page);
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Failed to initiate payment. Please try again.').waitFor();
    await dialog.getByRole('button', { name: /^Pay ₹/ }).waitFor();
    expect(currentPath(page)).toBe('/');
  });
});

describe('the payment result screens', () => {
  it.each([
    ['INSUFFICIENT_FUNDS', 'Your payment was declined due to insufficient funds.'],
    ['CARD_DECLINED', 'Your card was declined by the issuer.'],
    ['EXPIRED_CARD', 'The card you used has expired.'],
    ['UNKNOWN_ERROR', 'We encountered an issue processing your payment.'],
    [null, 'We encountered an issue processing your payment.'],
    ['GATEWAY_TIMEOUT', 'Your payment could not be processed at this time.'],
    ['__proto__', 'Your payment could not be processed at this time.'],
  ])('show failure code %s with its message', async (code, message) => {
    await brand('Failure Reader').then((user) => openSignedIn(page, server, user));
    await page.goto(`/payment-failure?id=pay-123${code ? `&code=${code}` : ''}`);
    await expectMainHeading(page, 'Payment Failed');
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await transactionIds()).toEqual(['pay-123', 'pay-123']);
    const support = page.getByRole('link', { name: 'support@linkcoin.in' });
    expect(await support.getAttribute('href')).toBe(
      'mailto:support@linkcoin.in?subject=Payment%20pay-123',
    );
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await waitForPath(page, '/');
  });

  it('do not call an unknown payment successful', async () => {
    await brand('Curious Brand').then((user) => openSignedIn(page, server, user));
    await page.goto('/payment-success?id=no-such-payment');
    await expectMainHeading(page, 'Payment not found');
    expect(await page.getByText('Payment Successful').count()).toBe(0);
  });

  it('show a new brand an empty wallet', async () => {
    await brand('Empty Wallet').then((user) => openSignedIn(page, server, user, '/wallet'));
    await expectMainHeading(page, 'LinkCoin Wallet');
    await page
      .getByText('No LinkCoin activity yet. Buy LinkCoins to start chatting with creators.')
      .waitFor();
  });
});

describe('a grant reason holding markup', () => {
  it('stays text in the wallet history and runs nothing', async () => {
    const watch = await watchForScripts(page);
    const target = await brand('Stored Script Brand');
    const reason = `${PAYLOADS.img} ${PAYLOADS.script}`;
    await grantCoins(server, await loginAdmin(server), target.userId, 2, reason);
    await openSignedIn(page, server, target, '/wallet');
    await historyRow(page, `Granted by LinkCoin \u2014 ${reason}`).waitFor();
    await expectShownAsText(page, PAYLOADS.script);
    await expectNothingRan(page, watch);
  });
});
