import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { changeCollection, grantCoins } from '@linkcoin/services/testing/collections.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { confirmDialog, secondPerson, sendMessage } from './support/chat.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { openSignedIn } from '../../tooling/browser-test/wallet.ts';

// What a new user's walk through the merged issues 18-20 found (a brand and a creator in two
// browsers, desktop and phone, mouse and keyboard), each pinned by a test.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;
let other: { context: BrowserContext; page: Page } | null = null;

beforeEach(() => {
  ({ server, page } = harness);
});
afterEach(async () => {
  await other?.context.close();
  other = null;
});

/** The top bar's Messages entry, by what it tells screen readers. */
const messagesEntry = (target: Page, unread: number) =>
  target
    .getByRole('banner')
    .getByRole('link', { name: unread === 0 ? 'Messages' : `Messages, ${unread} unread` });

/** What the focused element is called (its accessible text). */
const focusedName = (target: Page): Promise<string> =>
  target.evaluate<string>(
    "(document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || '').trim()",
  );

/** Presses Tab until the focused element is called `name` (at most 40 times). */
async function tabUntilFocused(target: Page, name: string): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    if ((await focusedName(target)) === name) return;
    await target.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('a brand writes to a creator for the first time', () => {
  it("names the brand in the creator's notice, though the creator's page was open before the add", async () => {
    const brand = await registerUser(server, {
      role: 'user',
      ownerName: 'Meera Shah',
      companyName: 'Chai Point',
    });
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Verma' });
    await grantCoins(server, await loginAdmin(server), brand, 2);

    // The creator is somewhere in the app, her (empty) list already read.
    other = await secondPerson(harness.browser, server);
    const creatorPage = other.page;
    await openSignedIn(creatorPage, server, creator, '/aboutus');
    await messagesEntry(creatorPage, 0).waitFor();

    // Only then the brand adds her and writes: the first message of a new contact.
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    await openSignedIn(page, server, brand, `/MessagingApp/${creator.userId}`);
    await page.getByRole('heading', { level: 2, name: 'Asha Verma' }).waitFor();
    await sendMessage(page, 'Hello Asha, we would love a reel about our masala chai');

    // The notice is read first: it leaves after a few seconds, and on a loaded machine the
    // badge may follow later than that.
    const notice = creatorPage
      .getByRole('status')
      .filter({ hasText: 'New message from Meera Shah (Chai Point)' })
      .filter({ hasText: 'Hello Asha, we would love a reel' });
    await notice.waitFor();
    await messagesEntry(creatorPage, 1).waitFor();
    expect(await creatorPage.getByText('New message from a new contact').count()).toBe(0);
  });
});

describe('Add to List on a directory card, with the keyboard alone', () => {
  it('keeps the focus on the card: on Add to List after Cancel, on the chat after adding', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Nisha Kapoor' });
    await registerUser(server, { role: 'influencer', ownerName: 'Dev Fitness' });
    await grantCoins(server, await loginAdmin(server), brand, 2);
    await openSignedIn(page, server, brand, '/influencers?search=dev');
    const card = page.getByRole('article', { name: 'Dev Fitness' });
    await card.getByRole('button', { name: 'Add to List', exact: true }).waitFor();

    // Cancelled: the focus comes back to Add to List, where it was.
    await tabUntilFocused(page, 'Add to List');
    await page.keyboard.press('Enter');
    const question = confirmDialog(page, 'Spend 1 LinkCoin to add this user to your list.');
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('Add to List');

    // Added: Add to List is gone (the card says In your list), the focus moves on to the chat.
    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.keyboard.press('Enter');
    await card.getByText('In your list', { exact: true }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('Chat with Dev Fitness');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/MessagingApp/'));
  });
});

describe('where a page opens', () => {
  const scrollY = (target: Page) => target.evaluate<number>('window.scrollY');

  it('opens a page loaded anew at its top, not where the previous page of the tab was scrolled', async () => {
    // As after paying: the sandbox (another document) sends the browser back to
    // /payment-success, which opened scrolled down to the footer.
    await page.goto('/AboutUs');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);

    // A reload still comes back to where the page was.
    await page.evaluate('window.scrollTo(0, 600)');
    await expect.poll(() => scrollY(page)).toBe(600);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => scrollY(page)).toBe(600);
  });
});

describe('Messages before the first conversation', () => {
  it('tells a new creator, and a new brand, what brings a first conversation', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Kumar' });
    await openSignedIn(page, server, creator, '/MessagingApp');
    await page.getByRole('heading', { name: 'No conversation selected' }).waitFor();
    await page
      .getByText('No conversations yet. Brands who add you to their list can write to you here.')
      .waitFor();

    const brand = await registerUser(server, { role: 'user', ownerName: 'Kavya Foods' });
    other = await secondPerson(harness.browser, server, { width: 390, height: 844 });
    await openSignedIn(other.page, server, brand, '/MessagingApp');
    await other.page.getByRole('heading', { name: 'No conversation selected' }).waitFor();
    await other.page
      .getByText('No conversations yet. Add a creator to your list to start one.')
      .waitFor();
    await other.page.getByRole('link', { name: 'New Message' }).waitFor();
  });
});
