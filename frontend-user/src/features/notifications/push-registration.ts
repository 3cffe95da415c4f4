/**
 * Push registration on app start (docs/product-spec.md section 4): with a user present, permission granted
 * registers the subscription (the service worker at /sw.js, the server's VAPID key, then
 * POST /api/notifications/store-token); denied is told to the user; default asks, and registers
 * if granted. The browser's pieces come in, so the steps are tested without a browser.
 */

export const PUSH_TEXTS = {
  blocked: 'You have blocked notifications. Please enable them in browser settings.',
} as const;

/** The service worker: at the site root, so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

type Subscription = { toJSON: () => unknown };
type PushManagerLike = {
  getSubscription: () => Promise<Subscription | null>;
  subscribe: (options: {
    userVisibleOnly: boolean;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }) => Promise<Subscription>;
};

export type PushSteps = Readonly<{
  permission: () => NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
  /** Registers the service worker and answers its push manager once it is active. */
  pushManager: () => Promise<PushManagerLike>;
  publicKey: () => Promise<string>;
  store: (subscription: unknown) => Promise<unknown>;
}>;

export type PushOutcome = 'blocked' | 'dismissed' | 'registered';

/** Where the browser remembers that it was told notifications are blocked (no personal data). */
export const BLOCKED_TOLD_KEY = 'linkcoin.notificationsBlockedTold';

/**
 * Whether to tell about blocked notifications now: once per browser, not on every page load
 * (issue 19). Marks it told. A browser without storage is told once per app start.
 */
export function tellBlockedOnce(storage: Pick<Storage, 'getItem' | 'setItem'> | null): boolean {
  if (storage === null) return true;
  try {
    if (storage.getItem(BLOCKED_TOLD_KEY) !== null) return false;
    storage.setItem(BLOCKED_TOLD_KEY, new Date().toISOString());
  } catch {
    // Storage refused (a private window): told this once.
  }
  return true;
}

export async function registerPush(steps: PushSteps): Promise<PushOutcome> {
  let permission = steps.permission();
  if (permission === 'denied') return 'blocked';
  if (permission === 'default') {
    permission = await steps.requestPermission();
    if (permission !== 'granted') return 'dismissed';
  }
  const manager = await steps.pushManager();
  const subscription =
    (await manager.getSubscription()) ??
    (await manager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(await steps.publicKey()),
    }));
  await steps.store(subscription.toJSON());
  return 'registered';
}

/** A VAPID public key (base64url, as the server gives it) as the bytes `subscribe` wants. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether this browser has what Web Push needs (secure context, worker, push, notifications). */
export function pushSupported(scope: typeof globalThis = globalThis): boolean {
  return (
    scope.isSecureContext === true &&
    'Notification' in scope &&
    'PushManager' in scope &&
    typeof scope.navigator !== 'undefined' &&
    'serviceWorker' in scope.navigator
  );
}

/**
 * A path of this app the service worker may open: same-origin and absolute ("/…", never "//…"),
 * or null.
 */
export function appPath(url: unknown): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\\\u0000-\u001f]/.test(url)) return null;
  return url;
}
