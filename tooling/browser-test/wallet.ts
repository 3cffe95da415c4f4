import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { PaymentFailureCode } from '@linkcoin/domain/payments/messages.ts';
import type { TestUser } from '@linkcoin/services/testing/accounts.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { signInBrowser } from './accounts.ts';

/** Opens the app signed in as `user` (a browser session, as after signing in), on `path`. */
export async function openSignedIn(
  page: Page,
  server: TestServer,
  user: Pick<TestUser, 'email' | 'password'>,
  path = '/',
): Promise<void> {
  await signInBrowser(page, server, user);
  await page.goto(path);
}

/** The top bar's LinkCoin balance button, whatever the balance. */
export const balanceButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^LinkCoin balance: / });

/** Waits until the top bar shows `coins` (it updates without a reload). */
export async function topBarShows(page: Page, coins: number): Promise<void> {
  const name = `LinkCoin balance: ${coins} LinkCoin${coins === 1 ? '' : 's'}. Buy LinkCoins`;
  await page.getByRole('banner').getByRole('button', { name, exact: true }).waitFor();
}

/** Opens the purchase dialog from the top bar. */
export async function openPurchaseDialog(page: Page) {
  await balanceButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Buy LinkCoins' });
  await dialog.waitFor();
  return dialog;
}

/** The sandbox's approval page: labelled as a sandbox in which no money moves. */
export async function sandboxPageShown(page: Page): Promise<void> {
  await page.getByText('Sandbox payment: no money moves.').waitFor();
  await page.getByRole('heading', { level: 1, name: 'Approve this payment?' }).waitFor();
}

export async function approveInSandbox(page: Page): Promise<void> {
  await sandboxPageShown(page);
  await page.getByRole('button', { name: /^Approve / }).click();
}

export async function declineInSandbox(page: Page, code: PaymentFailureCode): Promise<void> {
  await sandboxPageShown(page);
  await page.getByLabel('Decline with').selectOption(code);
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
}

/** Grants coins through the console's API, as an admin would. */
export async function grantCoins(
  server: TestServer,
  admin: Pick<TestUser, 'token'>,
  userId: string,
  coins: number,
  reason: string,
): Promise<void> {
  const response = await fetch(
    `${server.url}/api/admin/wallets/${encodeURIComponent(userId)}/grants`,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${admin.token}`,
        'Idempotency-Key': randomUUID(),
      },
      body: JSON.stringify({ coins, reason }),
    },
  );
  if (!response.ok) throw new Error(`grant failed with ${response.status}`);
}

/** The wallet history's row whose "what" starts with `what` (a purchase also names its payment). */
export const historyRow = (page: Page, what: string) =>
  page
    .getByRole('table', { name: 'LinkCoin history, newest first' })
    .getByRole('row')
    .filter({
      has: page.getByRole('cell', {
        name: new RegExp(`^${what.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      }),
    });

/** The cells of a row, as text. */
export const cellsOf = async (row: ReturnType<typeof historyRow>) =>
  (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
