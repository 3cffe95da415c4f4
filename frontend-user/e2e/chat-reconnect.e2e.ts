import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { changeCollection, grantCoins } from '@linkcoin/services/testing/collections.ts';
import { storeMessage } from '@linkcoin/services/testing/messaging.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { messageBubble } from './support/chat.ts';
import { openSignedIn } from '../../tooling/browser-test/wallet.ts';

// Issue 9, deliverable 3: the client reconnects with backoff and reads the open conversation
// again on reconnection, so nothing is lost across a disconnect. The brand's socket runs through
// a route the test controls: it loses a message on the way, then the connection drops.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const LOST = 'Sent while your connection was failing';

describe('the chat across a disconnect', () => {
  it('shows a message lost on a dropped connection after reconnecting, without a reload', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
    await grantCoins(server, await loginAdmin(server), brand, 1);
    const added = await changeCollection(server, brand, 'add', creator.userId, {
      key: randomUUID(),
    });
    expect(added.status).toBe(201);

    // Every connection of the brand's page goes through here; the first loses one message.
    const connections: WebSocketRoute[] = [];
    let lost: () => void = () => undefined;
    const messageLost = new Promise<void>((resolve) => (lost = resolve));
    await page.routeWebSocket(/\/ws$/, (route) => {
      const first = connections.length === 0;
      connections.push(route);
      const gateway = route.connectToServer();
      gateway.onMessage((frame) => {
        if (first && String(frame).includes(LOST)) return lost();
        route.send(frame);
      });
      route.onMessage((frame) => gateway.send(frame));
    });

    let reloads = 0;
    page.on('load', () => (reloads += 1));
    await openSignedIn(page, server, brand, `/MessagingApp/${creator.userId}`);
    reloads = 0;
    await page.getByText('No messages yet.').waitFor();
    // Joined: the header's Connecting... chip is gone.
    await page.getByText('Connecting...').waitFor({ state: 'detached' });
    expect(connections).toHaveLength(1);

    await storeMessage(server, creator, brand, LOST);
    await messageLost;
    expect(await messageBubble(page, 'Asha Cooks', LOST).count()).toBe(0);

    // The connection drops; the app reconnects by itself and reads the conversation again.
    await connections[0]?.close({ code: 4000, reason: 'dropped by the test' });
    await messageBubble(page, 'Asha Cooks', LOST).waitFor({ timeout: 30_000 });
    expect(connections.length).toBeGreaterThan(1);
    expect(reloads).toBe(0);
  });
});
