/**
 * "Usually replies within N hours" as people see it: nothing after two answered brands, then,
 * after the third, on the creator's card, her profile and the brand's chat header; and the
 * directory's "Replies fast" filter. The server's clock is moved forward, so no test waits hours.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser, type TestUser } from '@linkcoin/services/testing/accounts.ts';
import { openConversation, storeMessage } from '@linkcoin/services/testing/messaging.ts';
import { adjustableClock, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { openSignedIn } from '../../tooling/browser-test/wallet.ts';

const HOUR = 60 * 60 * 1000;
const clock = adjustableClock();
const harness = useBrowserTest({ clock });
let server: TestServer;
let page: Page;
beforeEach(() => {
  ({ server, page } = harness);
});

/** Waits until every read model and process has seen the log's head. */
const settled = async () => {
  for (let round = 0; round < 3; round++) {
    const head = await server.runtime.platform.eventStore.headPosition();
    expect(await server.runtime.progress.waitFor(head, 15_000)).toBe(true);
  }
};

/** A brand adds the creator and writes; she answers a little under `hours` later. */
const answered = async (creator: TestUser, hours: number): Promise<TestUser> => {
  const brand = await registerUser(server, { role: 'user' });
  await openConversation(server, brand, creator);
  await storeMessage(server, brand, creator, 'Hello, can we talk about a reel?');
  clock.advance(hours * HOUR - 60_000);
  await storeMessage(server, creator, brand, 'Hi! Happy to.');
  return brand;
};

const card = (name: string) => page.getByRole('article', { name });

describe('the usual reply time', () => {
  it('shows on the card, the profile and the chat after three answered conversations', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Replies' });
    await registerUser(server, { role: 'influencer', ownerName: 'Bela Quiet' });
    const brand = await answered(creator, 2);
    await answered(creator, 3);
    await settled();

    await page.goto('/influencers');
    await card('Asha Replies').waitFor();
    expect(await card('Asha Replies').getByTestId('reply-time').count()).toBe(0);

    await answered(creator, 1);
    await settled();
    await page.reload();
    await card('Asha Replies').getByText('Usually replies within 2 hours').waitFor();
    expect(await card('Bela Quiet').getByTestId('reply-time').count()).toBe(0);

    // Only creators who usually answer within a day, through the filters' More panel.
    await page.goto('/influencers?repliesFast=true');
    await card('Asha Replies').waitFor();
    expect(await card('Bela Quiet').count()).toBe(0);

    await page.goto(`/Profile/${creator.userId}`);
    await page.getByRole('main').getByText('Usually replies within 2 hours').waitFor();

    await openSignedIn(page, server, brand, `/MessagingApp/${creator.userId}`);
    await page.getByRole('heading', { level: 2, name: 'Asha Replies' }).waitFor();
    await page.getByRole('main').getByText('Usually replies within 2 hours').waitFor();
  });
});
