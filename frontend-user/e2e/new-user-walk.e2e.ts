import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { changeCollection, grantCoins } from '@linkcoin/services/testing/collections.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { secondPerson, sendMessage } from './support/chat.ts';
import { useBrowserTest } from './support/harness.ts';
import { openSignedIn } from './support/wallet.ts';

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

    await messagesEntry(creatorPage, 1).waitFor();
    const notice = creatorPage
      .getByRole('status')
      .filter({ hasText: 'New message from Meera Shah (Chai Point)' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Hello Asha, we would love a reel');
    expect(await creatorPage.getByText('New message from a new contact').count()).toBe(0);
  });
});
