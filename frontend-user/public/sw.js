/* global self, clients */
/**
 * LinkCoin's service worker (docs/product-spec.md section 7, "Push messaging: service worker at site root").
 * It shows a notification for each push the server sends (a chat message for a user with no
 * chat open) and, on a click, brings the chat forward: an open LinkCoin window is focused and
 * asked to show it, else a new one opens. It caches nothing and handles no fetch.
 *
 * The server's payload: { kind: 'message', title, body, senderId, url, tag }.
 */

const APP_NAME = 'LinkCoin';
const ICON = '/favicon.svg';

/** A path of this app ("/…", never "//…"), or null. */
function appPath(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f]/.test(url)) return null;
  return url;
}

/** Where a click leads: the conversation with the sender, else the payload's own address. */
function targetOf(payload) {
  if (typeof payload.senderId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(payload.senderId)) {
    return `/MessagingApp/${payload.senderId}`;
  }
  return appPath(payload.url) ?? '/';
}

function readPayload(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : APP_NAME;
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: ICON,
    badge: ICON,
    data: { path: targetOf(payload) },
  };
  if (typeof payload.tag === 'string' && payload.tag) {
    options.tag = payload.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = appPath(event.notification.data && event.notification.data.path) ?? '/';
  const target = new URL(path, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = windows.filter((client) => new URL(client.url).origin === target.origin);
      const exact = ours.find((client) => client.url === target.href);
      if (exact) return exact.focus();
      const open = ours[0];
      if (open) {
        // The app shows the chat itself: no reload, the session and the socket stay.
        open.postMessage({ kind: 'open', url: path });
        return open.focus();
      }
      return clients.openWindow(target.href);
    })(),
  );
});
