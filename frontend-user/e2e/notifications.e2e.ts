import { beforeEach, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { registerUser } from '@linkcoin/services/testing/accounts.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { openSignedIn } from '../../tooling/browser-test/wallet.ts';

// docs/product-spec.md section 4 ("On app start ... push notification registration") and 7 (store-token, the
// service worker at the site root). Chromium's push service is out of reach in a test, so the
// page's permission and PushManager are stood in for; the service worker itself is the real one.

// The stand-in subscription's push service; the server keeps subscriptions of known services only.
const PUSH_HOST = 'push.example';
const harness = useBrowserTest({ env: { PUSH_SERVICE_HOSTS: PUSH_HOST } });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const BLOCKED = 'You have blocked notifications. Please enable them in browser settings.';

// A subscription as Chromium gives one: an https endpoint and the browser's keys (65 and 16 bytes).
const SUBSCRIPTION = {
  endpoint: `https://${PUSH_HOST}/send/abc123`,
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

/** What the stand-in leaves on the page: how often it asked, and the key it was given. */
type PushProbe = { asked: number; key: string | null };

/** The page's globals the stand-in replaces (the e2e files are compiled without the DOM lib). */
type StandInScope = {
  __push: PushProbe;
  Notification: { permission: string; requestPermission: () => Promise<string> };
  PushManager: {
    prototype: {
      getSubscription: () => Promise<unknown>;
      subscribe: (options?: { applicationServerKey?: unknown }) => Promise<unknown>;
    };
  };
  btoa: (data: string) => string;
};

/** Stands in for the permission (and, when granted, the push manager) before the app loads. */
async function standIn(
  target: Page,
  permission: 'granted' | 'denied' | 'default',
  answer: 'granted' | 'denied' = 'granted',
) {
  await target.addInitScript(
    ({ permission, answer, subscription }) => {
      const scope = globalThis as unknown as StandInScope;
      const state: PushProbe = { asked: 0, key: null };
      scope.__push = state;
      let current: string = permission;
      Object.defineProperty(scope.Notification, 'permission', { get: () => current });
      scope.Notification.requestPermission = async () => {
        state.asked += 1;
        current = answer;
        return answer;
      };
      scope.PushManager.prototype.getSubscription = async () => null;
      scope.PushManager.prototype.subscribe = async (options) => {
        const key = options?.applicationServerKey as Uint8Array;
        state.key = scope
          .btoa(String.fromCharCode(...key))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        return { toJSON: () => subscription };
      };
    },
    { permission, answer, subscription: SUBSCRIPTION },
  );
}

/** What the stand-in recorded on the page. */
const probe = (target: Page) =>
  target.evaluate(() => (globalThis as unknown as StandInScope).__push);

const isStoreToken = (request: Request) =>
  request.url().endsWith('/api/notifications/store-token') && request.method() === 'POST';

async function publicKey(): Promise<string> {
  const answer = (await (await fetch(`${server.url}/api/notifications/public-key`)).json()) as {
    publicKey: string;
  };
  return answer.publicKey;
}

describe('push registration on app start', () => {
  it('tells a user who blocked notifications how to enable them, and stores nothing', async () => {
    const brand = await registerUser(server, { role: 'user' });
    await standIn(page, 'denied');
    const stored: Request[] = [];
    page.on('request', (request) => (isStoreToken(request) ? stored.push(request) : undefined));
    await openSignedIn(page, server, brand, '/');
    await page.getByText(BLOCKED).waitFor();
    await page.waitForLoadState('networkidle');
    expect(stored).toEqual([]);
  });

  it('registers the subscription with the server key when permission is granted', async () => {
    const brand = await registerUser(server, { role: 'user' });
    await standIn(page, 'granted');
    const storing = page.waitForRequest(isStoreToken);
    await openSignedIn(page, server, brand, '/');
    const request = await storing;
    expect(request.postDataJSON()).toEqual({ userId: brand.userId, token: SUBSCRIPTION });
    expect((await request.response())?.status()).toBe(200);
    const state = await probe(page);
    expect(state.asked).toBe(0);
    expect(state.key).toBe(await publicKey());
  });

  it('asks when the user has not chosen yet, and registers once granted', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    await standIn(page, 'default', 'granted');
    const storing = page.waitForRequest(isStoreToken);
    await openSignedIn(page, server, creator, '/aboutus');
    expect((await storing).postDataJSON()).toMatchObject({ userId: creator.userId });
    const state = await probe(page);
    expect(state.asked).toBe(1);
  });

  it('asks, and leaves a user who says no alone (no toast, nothing stored)', async () => {
    const brand = await registerUser(server, { role: 'user' });
    await standIn(page, 'default', 'denied');
    const stored: Request[] = [];
    page.on('request', (request) => (isStoreToken(request) ? stored.push(request) : undefined));
    await openSignedIn(page, server, brand, '/');
    await page.waitForFunction(() => (globalThis as unknown as StandInScope).__push.asked === 1);
    await page.waitForLoadState('networkidle');
    expect(stored).toEqual([]);
    expect(await page.getByText(BLOCKED).count()).toBe(0);
  });

  it('runs nothing for a visitor', async () => {
    await standIn(page, 'default');
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const state = await probe(page);
    expect(state.asked).toBe(0);
  });
});

/** The page's service worker container, typed for the e2e files (compiled without the DOM lib). */
type PageScope = {
  navigator: {
    serviceWorker: {
      ready: Promise<{ scope: string; active: { scriptURL: string } | null }>;
    };
  };
};

/** A notification the service worker showed. */
type ShownNotification = { title: string; body: string; tag: string; data: unknown };

describe('the service worker at /sw.js', () => {
  it('is served from the site root and takes the whole app under its CSP', async () => {
    const brand = await registerUser(server, { role: 'user' });
    await standIn(page, 'granted');
    await openSignedIn(page, server, brand, '/');
    const registration = await page.evaluate(async () => {
      const ready = await (globalThis as unknown as PageScope).navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL ?? null };
    });
    expect(registration).toEqual({ scope: `${server.url}/`, script: `${server.url}/sw.js` });
  });

  it('shows a notification for a pushed message, leading to the chat with its sender', async () => {
    const brand = await registerUser(server, { role: 'user' });
    await harness.context.grantPermissions(['notifications'], { origin: server.url });
    await standIn(page, 'granted');
    await openSignedIn(page, server, brand, '/');
    await page.evaluate(() =>
      (globalThis as unknown as PageScope).navigator.serviceWorker.ready.then(() => undefined),
    );
    const worker =
      harness.context.serviceWorkers()[0] ?? (await harness.context.waitForEvent('serviceworker'));
    const shown = await worker.evaluate(async () => {
      const scope = globalThis as unknown as {
        dispatchEvent: (event: Event) => boolean;
        registration: { getNotifications: () => Promise<ShownNotification[]> };
      };
      const PushEventClass = (
        globalThis as unknown as { PushEvent: new (type: string, init: unknown) => Event }
      ).PushEvent;
      scope.dispatchEvent(
        new PushEventClass('push', {
          data: JSON.stringify({
            kind: 'message',
            title: 'New message from Asha Cooks',
            body: 'Hello <b>there</b>',
            senderId: 'creator-1',
            url: '/MessagingApp/brand-1',
            tag: 'chat-creator-1',
          }),
        }),
      );
      for (let i = 0; i < 50; i += 1) {
        const found = await scope.registration.getNotifications();
        if (found.length > 0) {
          return found.map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data,
          }));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return [];
    });
    expect(shown).toEqual([
      {
        title: 'New message from Asha Cooks',
        body: 'Hello <b>there</b>',
        tag: 'chat-creator-1',
        data: { path: '/MessagingApp/creator-1' },
      },
    ]);
  });
});
