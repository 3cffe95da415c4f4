import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { grantCoins } from '@linkcoin/services/testing/collections.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { waitForPath } from '../../tooling/browser-test/navigation.ts';
import { confirmDialog, spendButton } from './support/chat.ts';
import { openSignedIn, topBarShows } from '../../tooling/browser-test/wallet.ts';

// docs/product-spec.md sections 2, 4 and 8: Add to List and Chat Now on the profile page (hidden from the page
// owner, also in the detail modal), the coin check, the confirmation (a dialog naming the
// creator and the cost, issue 19) with a silent Cancel, Adding... and Loading... while busy,
// "In your list" once added, and Chat Now offering the add first.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const CONFIRM_ADD = 'Spend 1 LinkCoin to add this user to your list. Are you sure?';
const addButton = (target: Page, name = 'Add to List') =>
  target.getByRole('button', { name, exact: true });
/** A button behind the open dialog: the modal hides the page from assistive technology. */
const behindDialog = (target: Page, name: string) =>
  target.getByRole('button', { name, exact: true, includeHidden: true });

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
    expect(await page.getByRole('dialog', { name: 'Add Asha Cooks to your list?' }).count()).toBe(
      0,
    );
    await page.keyboard.press('Escape');
    await purchase.waitFor({ state: 'hidden' });

    // Coins came from elsewhere: the wallet is asked before deciding.
    await grantCoins(server, await loginAdmin(server), brand, 2);
    await addButton(page).click();
    const ask = confirmDialog(page, CONFIRM_ADD);
    await ask.waitFor();
    // The dialog names the creator, the cost and what the balance becomes.
    await ask.getByRole('heading', { name: 'Add Asha Cooks to your list?' }).waitFor();
    await ask.getByText('It costs 1 LinkCoin for 7 days of chat.').waitFor();
    // Busy from the press to the answer: Adding..., and both buttons blocked.
    await expect(behindDialog(page, 'Adding...').isDisabled()).resolves.toBe(true);
    await expect(behindDialog(page, 'Chat Now').isDisabled()).resolves.toBe(true);
    // The page behind the dialog is hidden from assistive technology while it asks.
    expect(await page.getByRole('button', { name: 'Chat Now' }).count()).toBe(0);

    // Cancel is silent and spends nothing.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    await expect(addButton(page).isEnabled()).resolves.toBe(true);
    expect(await page.getByText('User added to collection successfully!').count()).toBe(0);
    await topBarShows(page, 2);

    // Confirmed: added, the top bar follows at once.
    await addButton(page).click();
    await spendButton(ask).click();
    await page.getByText('User added to collection successfully!').waitFor();
    await topBarShows(page, 1);

    // Added: the profile says so, with no second Add to List to press; Chat Now stays.
    await page.getByText('In your list', { exact: true }).waitFor();
    expect(await addButton(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Chat Now' }).waitFor();
    await topBarShows(page, 1);

    // Chat Now on a creator not on the list: ask, add, then the chat.
    await page.goto(`/Profile/${ravi.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Ravi Vlogs' }).waitFor();
    await page.getByRole('button', { name: 'Chat Now' }).click();
    const askChat = confirmDialog(page, 'Ravi Vlogs is not in your list yet.');
    await askChat.getByRole('heading', { name: 'Chat with Ravi Vlogs' }).waitFor();
    await expect(behindDialog(page, 'Loading...').isDisabled()).resolves.toBe(true);
    await spendButton(askChat).click();
    await waitForPath(page, `/MessagingApp/${ravi.userId}`);
    await page.getByRole('heading', { level: 2, name: 'Ravi Vlogs' }).waitFor();
    await topBarShows(page, 0);
  });
});
