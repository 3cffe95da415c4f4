import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  ADMIN,
  adminEnv,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import { changeCollection, grantCoins } from '@linkcoin/services/testing/collections.ts';
import { mailsTo } from '@linkcoin/services/testing/mail.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { browserSignedIn, fieldLabelled } from '../../tooling/browser-test/accounts.ts';
import {
  connectionRow,
  confirmDialog,
  messageBubble,
  secondPerson,
  sendMessage,
  spendButton,
} from './support/chat.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { expectMainHeading, waitForPath } from '../../tooling/browser-test/navigation.ts';
import {
  approveInSandbox,
  openPurchaseDialog,
  openSignedIn,
  topBarShows,
} from '../../tooling/browser-test/wallet.ts';

// Issue 19, "Done when": the brand-creator loop as two people live it, each in a browser of
// their own (two real browser contexts per test), with no dead ends.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;
/** The second person of a test: their own context (cookies, storage, socket). */
let other: { context: BrowserContext; page: Page } | null = null;

beforeEach(() => {
  ({ server, page } = harness);
});
afterEach(async () => {
  await other?.context.close();
  other = null;
});

const secondBrowser = async () => {
  other = await secondPerson(harness.browser, server);
  return other.page;
};

/** The top bar's Messages entry, by what it tells screen readers. */
const messagesEntry = (target: Page, unread: number) =>
  target
    .getByRole('banner')
    .getByRole('link', { name: unread === 0 ? 'Messages' : `Messages, ${unread} unread` });

/** A brand with coins and a company, and a creator the brand has added. */
async function connected(): Promise<{ brand: TestUser; creator: TestUser }> {
  const brand = await registerUser(server, {
    role: 'user',
    ownerName: 'Meera Shah',
    companyName: 'Chai Point',
  });
  const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
  await grantCoins(server, await loginAdmin(server), brand, 3);
  await changeCollection(server, brand, 'add', creator.userId).expect(201);
  return { brand, creator };
}

describe('the brand-creator loop, in two browsers', () => {
  it('shows a creator on another page the unread count rise, and opens the conversation from the header', async () => {
    const { brand, creator } = await connected();
    await openSignedIn(page, server, brand, `/MessagingApp/${creator.userId}`);
    await page.getByRole('heading', { level: 2, name: 'Asha Cooks' }).waitFor();

    const creatorPage = await secondBrowser();
    await openSignedIn(creatorPage, server, creator, '/aboutus');
    await messagesEntry(creatorPage, 0).waitFor();

    await sendMessage(page, 'Hello Asha, we love your recipes and would like to work with you');

    // Elsewhere in the app: the count rises live, in the header and the title, with a notice.
    await messagesEntry(creatorPage, 1).waitFor();
    await expect.poll(() => creatorPage.title()).toMatch(/^\(1\) /);
    const notice = creatorPage
      .getByRole('status')
      .filter({ hasText: 'New message from Meera Shah (Chai Point)' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Hello Asha, we love your recipes');

    // The header opens the latest conversation, which is then read.
    await messagesEntry(creatorPage, 1).click();
    await waitForPath(creatorPage, `/MessagingApp/${brand.userId}`);
    await messageBubble(creatorPage, 'Meera Shah', 'Hello Asha, we love your recipes').waitFor();
    await messagesEntry(creatorPage, 0).waitFor();
    await expect.poll(() => creatorPage.title()).not.toMatch(/^\(/);
  });

  it("takes a brand's company name to the creator's list and chat", async () => {
    const { brand, creator } = await connected();
    await openSignedIn(page, server, brand, `/MessagingApp/${creator.userId}`);
    await sendMessage(page, 'Shall we talk about a launch?');

    const creatorPage = await secondBrowser();
    await openSignedIn(creatorPage, server, creator, `/MessagingApp/${brand.userId}`);
    const row = connectionRow(creatorPage, 'Meera Shah');
    await row.getByTestId('connection-company').filter({ hasText: 'Chai Point' }).waitFor();
    await creatorPage
      .getByTestId('conversation-details')
      .filter({ hasText: 'Chai Point' })
      .waitFor();
    // The creator's side finds the brand by its company too.
    await creatorPage.getByPlaceholder('Search contacts...').fill('chai');
    await connectionRow(creatorPage, 'Meera Shah').waitFor();
  });

  it("leads from a directory card's chat icon, for a creator not yet in the list, to adding them", async () => {
    const brand = await registerUser(server, {
      role: 'user',
      ownerName: 'Kabir Rao',
      companyName: 'Kesar Botanicals',
    });
    const creator = await registerUser(server, {
      role: 'influencer',
      ownerName: 'Zoya Wanderlust',
    });
    await grantCoins(server, await loginAdmin(server), brand, 2);
    await openSignedIn(page, server, brand, '/influencers?search=zoya');
    const card = page.getByRole('article', { name: 'Zoya Wanderlust' });
    await card.getByRole('button', { name: 'Add to List', exact: true }).waitFor();

    // The chat icon offers the add, with the cost and the balance, instead of an empty chat.
    await card.getByRole('button', { name: 'Chat with Zoya Wanderlust' }).click();
    const offer = confirmDialog(page, 'Zoya Wanderlust is not in your list yet.');
    await offer.getByRole('heading', { name: 'Chat with Zoya Wanderlust' }).waitFor();
    await offer.getByText('You have 2 LinkCoins; 1 LinkCoin will be left.').waitFor();
    await spendButton(offer).click();
    await waitForPath(page, `/MessagingApp/${creator.userId}`);
    await page.getByRole('heading', { level: 2, name: 'Zoya Wanderlust' }).waitFor();
    await page.getByText('7 days left').waitFor();
    await topBarShows(page, 1);

    // Back on the directory, the card says so.
    await page.goto('/influencers?search=zoya');
    await card.getByText('In your list', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Add to List', exact: true }).count()).toBe(0);

    // The creator, in a browser of their own, has the brand in their list.
    const creatorPage = await secondBrowser();
    await openSignedIn(creatorPage, server, creator, `/MessagingApp/${brand.userId}`);
    await connectionRow(creatorPage, 'Kabir Rao').waitFor();
  });

  it('operates the confirmation dialog with the keyboard alone, from the profile pop-up', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Nisha Kapoor' });
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Dev Fitness' });
    await grantCoins(server, await loginAdmin(server), brand, 2);
    await openSignedIn(page, server, brand, '/influencers?search=dev');

    // The pop-up, opened from the keyboard.
    await page
      .getByRole('article', { name: 'Dev Fitness' })
      .getByRole('button', { name: /^Dev Fitness/ })
      .focus();
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Dev Fitness' });
    await popup.waitFor();
    await popup.getByRole('button', { name: 'Add to List', exact: true }).waitFor();
    await tabUntilFocused(page, 'Add to List');
    await page.keyboard.press('Enter');

    // The question is a modal over the pop-up: focused, announced, reachable by keyboard.
    const question = page.getByRole('dialog', { name: 'Add Dev Fitness to your list?' });
    await question.waitFor();
    expect(await page.getByRole('dialog', { name: 'Add Dev Fitness to your list?' }).count()).toBe(
      1,
    );
    await expect.poll(() => focusedName(page)).toBe('Add to List for 1 LinkCoin');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedName(page)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    await balanceBehindThePopup(page, 2);

    // Again, and Escape closes it too, spending nothing.
    await tabUntilFocused(page, 'Add to List');
    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await popup.waitFor();
    await balanceBehindThePopup(page, 2);

    // And once more, confirmed with Enter on the focused button.
    await tabUntilFocused(page, 'Add to List');
    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.keyboard.press('Enter');
    await popup.getByText('In your list', { exact: true }).waitFor();
    await balanceBehindThePopup(page, 1);

    // The creator, in a browser of their own, has the brand in their list.
    const creatorPage = await secondBrowser();
    await openSignedIn(creatorPage, server, creator, `/MessagingApp/${brand.userId}`);
    await connectionRow(creatorPage, 'Nisha Kapoor').waitFor();
  });

  it('mails a receipt after a sandbox purchase, and moves the balance in another browser live', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Tara Mehta' });
    const elsewhere = await secondBrowser();
    await openSignedIn(elsewhere, server, brand, '/aboutus');
    await topBarShows(elsewhere, 0);

    await openSignedIn(page, server, brand, '/');
    const dialog = await openPurchaseDialog(page);
    await dialog.getByRole('radio', { name: /^25 \+ 5 LinkCoins for/ }).check();
    await dialog.getByRole('button', { name: /^Pay ₹\s?125$/ }).click();
    await approveInSandbox(page);
    await waitForPath(page, '/payment-success');
    await page.getByText('A receipt has been sent to your email address.').waitFor();
    const paymentId = new URL(page.url()).searchParams.get('id') ?? '';

    // The promise is kept: the receipt is in the outbox, with the amount, coins and payment.
    await expect
      .poll(async () =>
        (await mailsTo(server, brand.email))
          .map((mail) => mail.subject)
          .includes('Your LinkCoin receipt: 30 LinkCoins for ₹125'),
      )
      .toBe(true);
    const receipt = (await mailsTo(server, brand.email)).find((mail) =>
      mail.subject.includes('receipt'),
    );
    expect(receipt?.body).toContain(`Payment ID  ${paymentId}`);
    expect(receipt?.body).toContain('Amount paid  ₹125');

    // The other browser's top bar followed, without a reload.
    let reloads = 0;
    elsewhere.on('load', () => (reloads += 1));
    await topBarShows(elsewhere, 30);
    expect(reloads).toBe(0);
  });

  it('moves the header balance after an admin grant, without a reload', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Rohan Brewing' });
    await openSignedIn(page, server, brand, '/influencers');
    await topBarShows(page, 0);
    let reloads = 0;
    page.on('load', () => (reloads += 1));

    // The admin grants, in the console, in a browser of their own.
    const consolePage = await secondBrowser();
    await consolePage.goto(`${server.url}/admin`);
    await consolePage.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await consolePage.getByLabel('Password').first().fill(ADMIN.password);
    await consolePage.getByRole('button', { name: 'Sign in' }).click();
    await consolePage.waitForURL((url) => url.hash.split('?')[0] === '#/otp-records');
    await consolePage.goto(`${server.url}/admin/#/wallets/${brand.userId}/show`);
    await consolePage.getByRole('button', { name: 'Grant LinkCoins' }).click();
    const grant = consolePage.getByRole('dialog', { name: 'Grant LinkCoins' });
    await grant.getByLabel('LinkCoins').fill('5');
    await grant.getByLabel('Reason').fill('Welcome to LinkCoin');
    await grant.getByRole('button', { name: 'Grant', exact: true }).click();
    await grant.waitFor({ state: 'detached' });

    await topBarShows(page, 5);
    expect(reloads).toBe(0);
  });
});

describe('one session per browser', () => {
  it('signs a second tab in, signs every tab out together, and keeps other browsers apart', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Ira Textiles' });
    await page.goto('/login');
    await fieldLabelled(page, 'Email').fill(brand.email);
    await fieldLabelled(page, 'Password').fill(brand.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForPath(page, '/');

    // A second tab of the same browser is signed in, a reload too.
    const tab = await harness.context.newPage();
    await tab.goto('/wallet');
    await expectMainHeading(tab, 'LinkCoin Wallet');
    await tab.getByRole('button', { name: 'Account menu for Ira Textiles' }).waitFor();
    await tab.reload();
    await expectMainHeading(tab, 'LinkCoin Wallet');

    // Another browser is not.
    const stranger = await secondBrowser();
    await stranger.goto('/wallet');
    await waitForPath(stranger, '/login');

    // Logout in one tab signs the other out, without a reload.
    await page.getByRole('button', { name: 'Account menu for Ira Textiles' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await waitForPath(tab, '/login');
    await tab.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await browserSignedIn(tab)).toBe(false);
  });

  it('lets 15 successful logins in a row through, in two browsers', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Leela Crafts' });
    const second = await secondBrowser();
    for (let i = 0; i < 15; i += 1) {
      const target = i % 2 === 0 ? page : second;
      // A fresh browser state each time: a new sign-in, not a session carried over.
      await target.context().clearCookies();
      await target.goto('/login');
      await fieldLabelled(target, 'Email').fill(brand.email);
      await fieldLabelled(target, 'Password').fill(brand.password);
      await target.getByRole('button', { name: 'Login', exact: true }).click();
      await waitForPath(target, '/');
      await target.getByRole('button', { name: 'Account menu for Leela Crafts' }).waitFor();
    }
  });
});

/** The top bar's balance while a modal (the profile pop-up) hides the page behind it. */
async function balanceBehindThePopup(target: Page, coins: number): Promise<void> {
  const name = `LinkCoin balance: ${coins} LinkCoin${coins === 1 ? '' : 's'}. Buy LinkCoins`;
  await target.getByRole('button', { name, exact: true, includeHidden: true }).waitFor();
}

/** What the focused element is called (its accessible text). */
function focusedName(target: Page): Promise<string> {
  return target.evaluate<string>(
    "(document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || '').trim()",
  );
}

/** Presses Tab until the focused element is called `name` (at most 40 times). */
async function tabUntilFocused(target: Page, name: string): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    if ((await focusedName(target)) === name) return;
    await target.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}
