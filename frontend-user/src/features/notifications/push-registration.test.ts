import { describe, expect, it } from 'vitest';
import {
  appPath,
  BLOCKED_TOLD_KEY,
  base64UrlToBytes,
  PUSH_TEXTS,
  pushSupported,
  registerPush,
  tellBlockedOnce,
  type PushSteps,
} from './push-registration';

const KEY = 'BAEC_-8'; // bytes 04 01 02 ff ef: both base64url-only characters, no padding

function steps(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const log: string[] = [];
  const subscription = { toJSON: () => ({ endpoint: 'https://push.example/1' }) };
  let existing: typeof subscription | null = null;
  const all: PushSteps = {
    permission: () => permission,
    requestPermission: async () => (log.push('ask'), answer),
    pushManager: async () => (
      log.push('worker'),
      {
        getSubscription: async () => existing,
        subscribe: async ({ applicationServerKey, userVisibleOnly }) => (
          log.push(`subscribe ${userVisibleOnly} ${[...applicationServerKey].join(',')}`),
          subscription
        ),
      }
    ),
    publicKey: async () => KEY,
    store: async (token) => log.push(`store ${JSON.stringify(token)}`),
  };
  return { log, steps: all, subscribed: () => (existing = subscription) };
}

describe('registerPush (docs/product-spec.md section 4, on app start)', () => {
  it('registers with the server key and stores the subscription when granted', async () => {
    const { log, steps: s } = steps('granted');
    await expect(registerPush(s)).resolves.toBe('registered');
    expect(log).toEqual([
      'worker',
      'subscribe true 4,1,2,255,239',
      'store {"endpoint":"https://push.example/1"}',
    ]);
  });

  it('stores the subscription the browser has already, without a new one', async () => {
    const { log, steps: s, subscribed } = steps('granted');
    subscribed();
    await expect(registerPush(s)).resolves.toBe('registered');
    expect(log).toEqual(['worker', 'store {"endpoint":"https://push.example/1"}']);
  });

  it('touches nothing when blocked (the screen then tells how to enable them)', async () => {
    const { log, steps: s } = steps('denied');
    await expect(registerPush(s)).resolves.toBe('blocked');
    expect(log).toEqual([]);
    expect(PUSH_TEXTS.blocked).toBe(
      'You have blocked notifications. Please enable them in browser settings.',
    );
  });

  it('asks when not chosen yet, and registers if granted', async () => {
    const { log, steps: s } = steps('default', 'granted');
    await expect(registerPush(s)).resolves.toBe('registered');
    expect(log[0]).toBe('ask');
    expect(log.at(-1)).toMatch(/^store /);
  });

  it('asks, and stops when not granted', async () => {
    for (const answer of ['denied', 'default'] as const) {
      const { log, steps: s } = steps('default', answer);
      await expect(registerPush(s)).resolves.toBe('dismissed');
      expect(log).toEqual(['ask']);
    }
  });
});

describe('base64UrlToBytes', () => {
  it('reads base64url with or without padding', () => {
    expect([...base64UrlToBytes(KEY)]).toEqual([4, 1, 2, 255, 239]);
    expect([...base64UrlToBytes('AQ')]).toEqual([1]);
    expect([...base64UrlToBytes('AQ==')]).toEqual([1]);
  });
});

describe('pushSupported', () => {
  const scope = (extra: Record<string, unknown>) =>
    ({
      isSecureContext: true,
      Notification: {},
      PushManager: {},
      navigator: { serviceWorker: {} },
      ...extra,
    }) as unknown as typeof globalThis;

  it('needs a secure context, notifications, push and a service worker', () => {
    expect(pushSupported(scope({}))).toBe(true);
    expect(pushSupported(scope({ isSecureContext: false }))).toBe(false);
    expect(pushSupported(scope({ navigator: {} }))).toBe(false);
    const { PushManager: _, ...noPush } = scope({}) as unknown as Record<string, unknown>;
    expect(pushSupported(noPush as unknown as typeof globalThis)).toBe(false);
  });
});

describe('appPath (where a notification click may lead)', () => {
  it('keeps absolute paths of this app and refuses everything else', () => {
    expect(appPath('/MessagingApp/asha')).toBe('/MessagingApp/asha');
    for (const bad of [
      '//evil.example/x',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\\evil.example',
      '/a\nb',
      '',
      null,
      42,
    ]) {
      expect(appPath(bad)).toBeNull();
    }
  });
});

describe('telling that notifications are blocked', () => {
  it('tells once per browser', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
    };
    expect(tellBlockedOnce(storage)).toBe(true);
    expect(tellBlockedOnce(storage)).toBe(false);
    expect(data.has(BLOCKED_TOLD_KEY)).toBe(true);
  });
});
