/**
 * The chat's server fixture for vitest files (kept apart from ./messaging.ts, which the bench and
 * the browser tests import without vitest).
 */
import { afterAll, beforeAll } from 'vitest';
import { presenceStreamId, type PresenceChanged } from '@linkcoin/domain/messaging/presence.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { adminEnv, registerUser, type TestUser } from './accounts.ts';
import { waitUntil } from './audit.ts';
import { ChatClient, openConversation, wsUrlOf } from './messaging.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

/**
 * A test file's chat server: started before its tests (an admin, sign-in limits no test reaches,
 * `options.env` over them), stopped after them with every socket `connect` opened. `pair` is a
 * brand and a creator with an open conversation.
 */
export type ChatServer = {
  readonly server: TestServer;
  /** The chat socket's address (ws://…/ws). */
  readonly url: string;
  connect: (user: TestUser, at?: string) => Promise<ChatClient>;
  pair: () => Promise<{ brand: TestUser; creator: TestUser }>;
};

/**
 * Waits until the user is recorded online. A socket's arrival reaches the log through the
 * presence board's bus topic, not through the log's subscribers, so `headPosition` does not wait
 * for it: a test that takes the head just after connecting would otherwise, now and then, count
 * that event as a change of its own.
 */
const recordedOnline = (server: TestServer, userId: string): Promise<void> =>
  waitUntil(async () => {
    const [last] = await server.runtime.platform.eventStore.readStream(presenceStreamId(userId), {
      direction: 'backwards',
      maxCount: 1,
    });
    return (last as RecordedEvent<PresenceChanged> | undefined)?.data.online === true;
  }, `${userId} to be recorded online`);

export const useChatServer = (options: TestServerOptions = {}): ChatServer => {
  let started: TestServer | undefined;
  const clients: ChatClient[] = [];
  const chat: ChatServer = {
    get server(): TestServer {
      if (!started) throw new Error('the chat server starts in beforeAll');
      return started;
    },
    get url(): string {
      return wsUrlOf(chat.server);
    },
    connect: async (user: TestUser, at = chat.url): Promise<ChatClient> => {
      const client = await ChatClient.connect(at, user);
      clients.push(client);
      if (at === chat.url) await recordedOnline(chat.server, user.userId);
      return client;
    },
    pair: async (): Promise<{ brand: TestUser; creator: TestUser }> => {
      const brand = await registerUser(chat.server, { role: 'user', ownerName: 'Brand Co' });
      const creator = await registerUser(chat.server, {
        role: 'influencer',
        ownerName: 'Asha Creates',
      });
      await openConversation(chat.server, brand, creator);
      return { brand, creator };
    },
  };
  beforeAll(async () => {
    started = await startTestServer({
      ...options,
      env: {
        ...adminEnv,
        LOGIN_ATTEMPTS_PER_WINDOW: '100000',
        AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
        OTP_REQUESTS_PER_WINDOW: '100000',
        ...options.env,
      },
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await started?.stop();
  });
  return chat;
};
