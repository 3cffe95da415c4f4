/**
 * The online dot end to end: a creator opens the chat, and the brand's contact list shows them
 * online; the last socket closes, and it shows them offline. One flip is one event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presenceStreamId } from '@linkcoin/domain/messaging/presence.ts';
import { adminEnv, loginAdmin, registerUser } from '../testing/accounts.ts';
import { changeCollection, collectionOf, grantCoins } from '../testing/collections.ts';
import { ChatClient, wsUrlOf } from '../testing/messaging.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('presence in the read models', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { ...adminEnv, PROCESS_TICK_MS: '100' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows a creator online in the brand's contacts while a socket is open", async () => {
    const admin = await loginAdmin(server);
    const brand = await registerUser(server, { role: 'user' });
    const creator = await registerUser(server, { role: 'influencer' });
    await grantCoins(server, admin, brand, 2);
    await changeCollection(server, brand, 'add', creator.userId).expect(201);
    const onlineSeen = async () =>
      (await collectionOf(server, brand).expect(200)).body.collections[0]?.user.isOnline as boolean;
    expect(await onlineSeen()).toBe(false);

    const first = await ChatClient.connect(wsUrlOf(server), creator);
    const second = await ChatClient.connect(wsUrlOf(server), creator);
    await expect.poll(onlineSeen).toBe(true);
    await first.close();
    // One socket left: still online.
    await new Promise((done) => setTimeout(done, 200));
    expect(await onlineSeen()).toBe(true);
    await second.close();
    await expect.poll(onlineSeen).toBe(false);

    const flips = await server.runtime.platform.eventStore.readStream(
      presenceStreamId(creator.userId),
    );
    expect(flips.map((event) => (event.data as { online: boolean }).online)).toEqual([true, false]);
  });
});
