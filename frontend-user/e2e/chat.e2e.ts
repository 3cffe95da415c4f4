import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { adjustableClock, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { waitForPath } from '../../tooling/browser-test/navigation.ts';
import {
  DAY_MS,
  LONG_SESSIONS,
  confirmDialog,
  spendButton,
  connectionRow,
  conversationLog,
  messageBubble,
  secondPerson,
  sendMessage,
} from './support/chat.ts';
import { grantCoins, openSignedIn, topBarShows } from '../../tooling/browser-test/wallet.ts';

// Issue 9 (deliverables 6 and 8) and docs/product-spec.md sections 2, 4, 8 and 9: a brand adds a creator from
// the profile page for 1 LinkCoin, opens the chat, and the two talk in real time in two
// browsers, with ticks; after 7 days the chat is read-only and renewal reopens it for 1 coin.

const clock = adjustableClock();
const harness = useBrowserTest({ env: { ...adminEnv, ...LONG_SESSIONS }, clock });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

describe('a brand and a creator in two browsers', () => {
  it('add, chat in real time with ticks, expire after 7 days, renew for 1 coin', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
    await grantCoins(server, await loginAdmin(server), brand.userId, 3, 'Coins for the chat');

    // The brand's page runs on a clock the test moves (Playwright's clock API).
    await page.clock.install();
    await openSignedIn(page, server, brand, `/Profile/${creator.userId}`);
    await topBarShows(page, 3);

    // Add to List: confirm, spend 1 coin, the top bar follows at once.
    await page.getByRole('button', { name: 'Add to List' }).click();
    await spendButton(
      confirmDialog(page, 'Spend 1 LinkCoin to add this user to your list. Are you sure?'),
    ).click();
    await page.getByText('User added to collection successfully!').waitFor();
    await topBarShows(page, 2);

    // Chat Now: on the list already, so straight to the chat.
    await page.getByRole('button', { name: 'Chat Now' }).click();
    await waitForPath(page, `/MessagingApp/${creator.userId}`);
    await page.getByRole('heading', { level: 2, name: 'Asha Cooks' }).waitFor();
    await conversationLog(page, 'Asha Cooks').getByText('No messages yet.').waitFor();

    // The creator, in a browser of their own, sees the brand on their list.
    const other = await secondPerson(harness.browser, server);
    try {
      const creatorPage = other.page;
      await creatorPage.clock.install();
      await openSignedIn(creatorPage, server, creator, `/MessagingApp/${creator.userId}`);
      await creatorPage.getByText('No conversation selected').waitFor();
      let creatorReloads = 0;
      creatorPage.on('load', () => (creatorReloads += 1));
      await connectionRow(creatorPage, 'Chai Point').getByRole('button').first().click();
      await waitForPath(creatorPage, `/MessagingApp/${brand.userId}`);
      await conversationLog(creatorPage, 'Chai Point').getByText('No messages yet.').waitFor();

      // The brand writes; the creator sees it arrive without a reload.
      await sendMessage(page, 'Hello Asha! Shall we plan a reel for Diwali?');
      await expect(page.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe('');
      await messageBubble(
        creatorPage,
        'Chai Point',
        'Hello Asha! Shall we plan a reel for Diwali?',
      ).waitFor();
      expect(creatorReloads).toBe(0);

      // The creator had the conversation open: the brand's message is read, the ticks turn blue.
      const sent = messageBubble(
        page,
        'Asha Cooks',
        'Hello Asha! Shall we plan a reel for Diwali?',
      );
      const readTick = sent.getByRole('img', { name: 'Read' });
      await readTick.waitFor();
      expect(
        await readTick.evaluate(
          (element) => element.ownerDocument.defaultView?.getComputedStyle(element).color,
        ),
      ).toBe('rgb(29, 155, 240)');

      // The creator replies; the brand sees it without a reload.
      let brandReloads = 0;
      page.on('load', () => (brandReloads += 1));
      await sendMessage(creatorPage, 'Happy to! Send me the brief.');
      await messageBubble(page, 'Asha Cooks', 'Happy to! Send me the brief.').waitFor();
      await messageBubble(creatorPage, 'Chai Point', 'Happy to! Send me the brief.')
        .getByRole('img', { name: 'Read' })
        .waitFor();
      expect(brandReloads).toBe(0);
      await page.getByRole('textbox', { name: 'Message' }).waitFor({ state: 'visible' });
      await expect(
        page.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder'),
      ).resolves.toBe('Type a message...');

      // Seven days and an hour later, on the server and in the brand's browser.
      const later = 7 * DAY_MS + 60 * 60 * 1000;
      clock.advance(later);
      await page.clock.fastForward(later);
      await creatorPage.clock.fastForward(later);
      // The creator's chat is read-only too; only the brand, who paid, can renew it.
      await creatorPage.getByRole('heading', { name: 'Conversation Expired' }).waitFor();
      await creatorPage.getByText('Only Chai Point, who added you, can renew this chat.').waitFor();
      expect(await creatorPage.getByRole('button', { name: 'Upgrade to Continue' }).count()).toBe(
        0,
      );
      await page.getByRole('heading', { name: 'Conversation Expired' }).waitFor();
      await page.getByText("This chat is now read-only as it's older than 7 days.").waitFor();
      const input = page.getByRole('textbox', { name: 'Message' });
      await expect(input.getAttribute('placeholder')).resolves.toBe(
        'Chat expired - upgrade to continue',
      );
      await expect(input.isDisabled()).resolves.toBe(true);
      const expiredButton = page.getByRole('button', { name: 'Expired', exact: true });
      await expect(expiredButton.isDisabled()).resolves.toBe(true);
      // The history stays readable.
      await messageBubble(page, 'Asha Cooks', 'Happy to! Send me the brief.').waitFor();

      // Renewal: confirm, 1 coin, the chat opens again.
      await page.getByRole('button', { name: 'Upgrade to Continue' }).click();
      await spendButton(
        confirmDialog(
          page,
          'Spend 1 LinkCoin to renew this conversation for 7 more days. Are you sure?',
        ),
      ).click();
      await page.getByText('Conversation renewed successfully!').waitFor();
      await topBarShows(page, 1);
      await page
        .getByRole('heading', { name: 'Conversation Expired' })
        .waitFor({ state: 'detached' });
      await expect(input.getAttribute('placeholder')).resolves.toBe('Type a message...');
      await sendMessage(page, 'Renewed: brief on its way.');
      await messageBubble(creatorPage, 'Chai Point', 'Renewed: brief on its way.').waitFor();
      // The message tells the creator's screen the chat is open again.
      await creatorPage
        .getByRole('heading', { name: 'Conversation Expired' })
        .waitFor({ state: 'detached' });
      await expect(
        creatorPage.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder'),
      ).resolves.toBe('Type a message...');
    } finally {
      await other.context.close();
    }
  });
});
