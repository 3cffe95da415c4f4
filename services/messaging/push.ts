import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { PushSubscription } from '@linkcoin/domain/messaging/push-subscriptions.ts';
import type { AppConfig } from '../platform/config.ts';
import type { Clock } from '../platform/clock.ts';
import type { MessagingHandlers } from './handlers.ts';

export type VapidKeys = Readonly<{ publicKey: string; privateKey: string }>;

/**
 * The VAPID keys that sign our pushes: from the environment (VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY, as every node of the distributed runtime needs the same), else generated
 * once into the data directory (mode 600), as the session secret is.
 */
export const vapidKeysOf = (config: AppConfig): VapidKeys => {
  if (config.messaging.push.vapidKeys) return config.messaging.push.vapidKeys;
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, 'vapid.json');
  try {
    writeFileSync(path, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<VapidKeys>;
  if (!stored.publicKey || !stored.privateKey) {
    throw new Error(`${path} holds no usable VAPID keys; delete it to generate new ones`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
};

/** One encrypted push request, ready to send to the push service. */
export type PushRequest = Readonly<{
  endpoint: string;
  headers: Readonly<Record<string, string>>;
  body: Buffer;
}>;

/** Sends a push request; answers the push service's status. Swappable for tests. */
export type PushTransport = (request: PushRequest) => Promise<number>;

/** The real transport: an https POST with a timeout, redirects not followed. */
export const fetchTransport: PushTransport = async (request) => {
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  await response.body?.cancel();
  return response.status;
};

/** What a browser's service worker receives (JSON, encrypted end to end with aes128gcm). */
export type ChatPushPayload = {
  kind: 'message';
  title: string;
  body: string;
  /** The contact who wrote, and the page of the chat. */
  senderId: string;
  url: string;
  /** One notification per conversation: a newer one replaces it. */
  tag: string;
};

/** A creator newly found by a brand's saved search (issue 24, item 4). */
export type MatchPushPayload = {
  kind: 'saved-search-match';
  title: string;
  body: string;
  url: string;
  /** One notification per saved search: a newer one replaces it. */
  tag: string;
};

export type PushPayload = ChatPushPayload | MatchPushPayload;

const PREVIEW = 140;

export type PushNotifier = Readonly<{
  publicKey: string;
  /** Pushes one message to every browser of the receiver; never throws (failures are logged). */
  notifyMessage: (message: {
    senderId: string;
    receiverId: string;
    content: string;
  }) => Promise<number>;
  /** Pushes a saved search's new match to every browser of its brand; never throws. */
  notifyMatch: (match: {
    brandId: string;
    searchId: string;
    searchName: string;
    creatorName: string;
  }) => Promise<number>;
}>;

/**
 * Web Push (RFC 8030, 8291, 8292) with the `web-push` library: it encrypts the payload for the
 * browser's keys and signs the VAPID header; the transport sends it. A subscription the push
 * service no longer knows (404, 410) is dropped.
 */
export const pushNotifier = (deps: {
  handlers: MessagingHandlers;
  keys: VapidKeys;
  subject: string;
  transport: PushTransport;
  logger: Logger;
  clock: Clock;
}): PushNotifier => {
  const { handlers, keys, logger } = deps;
  const vapidDetails = { subject: deps.subject, ...keys };

  const pushTo = async (
    userId: string,
    subscription: PushSubscription,
    payload: PushPayload,
  ): Promise<boolean> => {
    const details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(payload),
      { vapidDetails, TTL: 24 * 60 * 60, urgency: 'high', contentEncoding: 'aes128gcm' },
    );
    const headers = Object.fromEntries(
      Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
    );
    const status = await deps.transport({
      endpoint: details.endpoint,
      headers,
      body: details.body,
    });
    if (status === 404 || status === 410) {
      // Correlated by what started it, the push service's answer for this address (a process
      // step's own correlation, never a UUID that reads as a request's).
      const address = createHash('sha256').update(subscription.endpoint).digest('hex');
      const correlationId = `push-gone-${userId}-${address.slice(0, 16)}`;
      await handlers.dropSubscription(userId, subscription.endpoint, {
        now: deps.clock.now(),
        actorUserId: null,
        correlationId,
        causationId: null,
      });
      return false;
    }
    if (status < 200 || status >= 300) {
      logger.warn({ status }, 'the push service refused a notification');
      return false;
    }
    return true;
  };

  /** Pushes to every browser of a user; answers how many took it. Never throws. */
  const pushToUser = async (
    userId: string,
    payloadOf: () => Promise<PushPayload>,
  ): Promise<number> => {
    try {
      const subscriptions = await handlers.subscriptionsOf(userId);
      if (subscriptions.length === 0) return 0;
      const payload = await payloadOf();
      const sent = await Promise.all(
        subscriptions.map((subscription) =>
          pushTo(userId, subscription, payload).catch((error: unknown) => {
            logger.warn({ err: error }, 'a push notification could not be sent');
            return false;
          }),
        ),
      );
      return sent.filter(Boolean).length;
    } catch (error) {
      logger.warn({ err: error }, 'push notifications could not be sent');
      return 0;
    }
  };

  return {
    publicKey: keys.publicKey,
    notifyMessage: ({ senderId, receiverId, content }) =>
      pushToUser(receiverId, async () => {
        const sender = await handlers.personOf(senderId);
        return {
          kind: 'message',
          title: `New message from ${sender?.name ?? 'a contact'}`,
          body: content.length > PREVIEW ? `${content.slice(0, PREVIEW - 1)}…` : content,
          senderId,
          url: `/MessagingApp/${receiverId}`,
          tag: `chat-${senderId}`,
        };
      }),
    notifyMatch: ({ brandId, searchId, searchName, creatorName }) =>
      pushToUser(brandId, () =>
        Promise.resolve({
          kind: 'saved-search-match',
          title: `New creator for your search “${searchName}”`,
          body: `${creatorName} now matches your saved search.`,
          url: '/saved-searches',
          tag: `saved-search-${searchId}`,
        }),
      ),
  };
};
