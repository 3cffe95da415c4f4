import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { changeCollection, grantCoins } from '@linkcoin/services/testing/collections.ts';
import { storeMessage } from '@linkcoin/services/testing/messaging.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { PHONE_VIEWPORT } from '../../tooling/browser-test/browser.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { waitForPath } from '../../tooling/browser-test/navigation.ts';
import { connectionRow, connectionsList, conversationLog } from './support/chat.ts';
import { openSignedIn } from '../../tooling/browser-test/wallet.ts';

// docs/product-spec.md section 2 (Messaging): the Messages sidebar (search, empty states, generated avatars, last
// message, day label, unread count, remove with Remove this contact?) and, on a phone, the
// drawer that closes on picking a contact or on an outside click.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;

beforeEach(() => {
  ({ server } = harness);
});

/** The drawer's contacts are gone from the screen (closed drawer). */
const drawerClosed = (page: Page) => connectionsList(page).waitFor({ state: 'hidden' });

describe('the Messages sidebar on a phone', () => {
  it('searches, opens a chat from the drawer, and removes contacts after asking', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    const asha = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
    const ravi = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Vlogs' });
    await grantCoins(server, await loginAdmin(server), brand, 2);
    for (const creator of [asha, ravi]) {
      const added = await changeCollection(server, brand, 'add', creator.userId, {
        key: randomUUID(),
      });
      expect(added.status).toBe(201);
    }
    await storeMessage(server, asha, brand, 'Namaste! Loved your chai.');

    const page = await harness.newPage(PHONE_VIEWPORT);
    await openSignedIn(page, server, brand, `/MessagingApp/${brand.userId}`);
    await page.getByText('No conversation selected').waitFor();
    await expect(
      page.getByRole('link', { name: 'New Message' }).getAttribute('href'),
    ).resolves.toBe('/');
    // On a phone the contacts wait in a closed drawer.
    expect(await connectionsList(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Contacts', exact: true }).click();

    // Each contact: a generated avatar (no picture), the last message, Today, the unread count.
    const ashaRow = connectionRow(page, 'Asha Cooks');
    await ashaRow.getByText('Namaste! Loved your chai.').waitFor();
    await ashaRow.getByText('Today', { exact: true }).waitFor();
    await ashaRow.getByText('1 unread').waitFor();
    await expect(ashaRow.getByRole('img', { name: 'Asha Cooks' }).innerText()).resolves.toBe('AC');
    await connectionRow(page, 'Ravi Vlogs').waitFor();

    // Search contacts...: case-insensitive on the name, with its empty state.
    const search = page.getByPlaceholder('Search contacts...');
    await search.fill('RAVI');
    await connectionRow(page, 'Asha Cooks').waitFor({ state: 'detached' });
    await connectionRow(page, 'Ravi Vlogs').waitFor();
    await search.fill('nobody');
    await page.getByText('No contacts found').waitFor();
    await page.getByText('Try a different search').waitFor();
    await search.fill('');

    // Picking a contact opens the chat and closes the drawer; the chat is marked read.
    await connectionRow(page, 'Asha Cooks').getByRole('button').first().click();
    await waitForPath(page, `/MessagingApp/${asha.userId}`);
    await drawerClosed(page);
    await conversationLog(page, 'Asha Cooks').getByText('Namaste! Loved your chai.').waitFor();

    // An outside click closes the drawer too.
    await page.getByRole('button', { name: 'Open contacts' }).click();
    await connectionRow(page, 'Asha Cooks').getByText('1 unread').waitFor({ state: 'detached' });
    await page.mouse.click(PHONE_VIEWPORT.width - 10, PHONE_VIEWPORT.height / 2);
    await drawerClosed(page);

    // Remove this contact?: Cancel keeps the contact, silently.
    await page.getByRole('button', { name: 'Open contacts' }).click();
    await page.getByRole('button', { name: 'Remove Ravi Vlogs' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Remove this contact?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'hidden' });
    await connectionRow(page, 'Ravi Vlogs').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    // Remove: the open chat's contact leaves the list and the chat is cleared.
    await page.getByRole('button', { name: 'Remove Asha Cooks' }).click();
    await ask.getByRole('button', { name: 'Remove', exact: true }).click();
    await connectionRow(page, 'Asha Cooks').waitFor({ state: 'detached' });
    await waitForPath(page, `/MessagingApp/${brand.userId}`);
    await connectionRow(page, 'Ravi Vlogs').waitFor();
  });
});
