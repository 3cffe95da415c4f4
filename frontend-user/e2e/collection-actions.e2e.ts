import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { grantCoins } from '@linkcoin/services/testing/collections.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from './support/harness.ts';
import { waitForPath } from './support/navigation.ts';
import { confirmToast } from './support/chat.ts';
import { openSignedIn, topBarShows } from './support/wallet.ts';

// Spec sections 2, 4 and 8: Add to List and Chat Now on the profile page (hidden from the page
// owner, also in the detail modal), the coin check, the confirmation with a silent Cancel,
// Adding... and Loading... while busy, the duplicate, and Chat Now adding first.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const CONFIRM_ADD = 'Spend 1 LinkCoin to add this user to your list. Are you sure?';
const addButton = (target: Page, name = 'Add to List') =>
  target.getByRole('button', { name, exact: true });

describe('Add to List and Chat Now', () => {
  it('are hidden from the page owner, on the page and in the detail modal', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
    await openSignedIn(page, server, creator, `/Profile/${creator.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Asha Cooks' }).waitFor();
    expect(await addButton(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Chat Now' }).count()).toBe(0);

    await page.goto('/UpdateProfile');
    await page.getByRole('button', { name: 'Preview' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Asha Cooks').first().waitFor();
    expect(await modal.getByRole('button', { name: 'Add to List' }).count()).toBe(0);
    expect(await modal.getByRole('button', { name: 'Chat Now' }).count()).toBe(0);
  });

  it('check the coins, ask, add once, refuse the duplicate, and Chat Now adds first', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    const asha = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
    const ravi = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Vlogs' });
    await openSignedIn(page, server, brand, `/Profile/${asha.userId}`);
    await topBarShows(page, 0);

    // No coins: the spec's message and the purchase dialog, no question.
    await addButton(page).click();
    await page.getByText('Insufficient LinkCoins. Please purchase more.').waitFor();
    const purchase = page.getByRole('dialog', { name: 'Buy LinkCoins' });
    await purchase.waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.keyboard.press('Escape');
    await purchase.waitFor({ state: 'hidden' });

    // Coins came from elsewhere: the wallet is asked before deciding.
    await grantCoins(server, await loginAdmin(server), brand, 2);
    await addButton(page).click();
    const ask = confirmToast(page, CONFIRM_ADD);
    await ask.waitFor();
    // Busy from the press to the answer: Adding..., and both buttons blocked.
    await expect(addButton(page, 'Adding...').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Chat Now' }).isDisabled()).resolves.toBe(true);
    await topBarShows(page, 2);

    // Cancel is silent and spends nothing.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect(addButton(page).isEnabled()).resolves.toBe(true);
    expect(await page.getByText('User added to collection successfully!').count()).toBe(0);
    await topBarShows(page, 2);

    // OK: added, the top bar follows at once.
    await addButton(page).click();
    await ask.getByRole('button', { name: 'OK' }).click();
    await page.getByText('User added to collection successfully!').waitFor();
    await topBarShows(page, 1);

    // Again: the duplicate is told (info), with no question and no charge.
    await addButton(page).click();
    await page.getByText('This user is already in your list.').waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await topBarShows(page, 1);

    // Chat Now on a creator not on the list: ask, add, then the chat.
    await page.goto(`/Profile/${ravi.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Ravi Vlogs' }).waitFor();
    await page.getByRole('button', { name: 'Chat Now' }).click();
    const askChat = confirmToast(page, CONFIRM_ADD);
    await askChat.waitFor();
    await expect(addButton(page, 'Loading...').isDisabled()).resolves.toBe(true);
    await askChat.getByRole('button', { name: 'OK' }).click();
    await waitForPath(page, `/MessagingApp/${ravi.userId}`);
    await page.getByRole('heading', { level: 2, name: 'Ravi Vlogs' }).waitFor();
    await topBarShows(page, 0);
  });
});
