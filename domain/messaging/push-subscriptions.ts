/**
 * Where a user's browsers receive Web Push notifications: the `pushsub-{userId}` stream. Each
 * subscription is a push service's endpoint and the browser's keys (RFC 8291); a few are kept
 * per user (one per browser), the oldest giving way, and a subscription the push service says is
 * gone is dropped.
 */
import type { Decider } from '../shared/decider.ts';
import { parseUrl } from '../shared/links.ts';
import type { Command, Event } from '../shared/messages.ts';

/**
 * Whether the server may POST to `endpoint`: an https address of one of the known push services
 * (`hosts`, or a subdomain of one), on the default port only. A push service never names
 * another port; a port would turn a push into a probe of some other service on that host.
 */
export const isPushServiceEndpoint = (endpoint: string, hosts: readonly string[]): boolean => {
  const url = parseUrl(endpoint);
  if (!url) return false;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
};

/** Browsers (or devices) a user receives notifications on. */
export const MAX_PUSH_SUBSCRIPTIONS = 5;

export const pushSubscriptionsStreamId = (userId: string): string => `pushsub-${userId}`;

export type PushSubscription = Readonly<{
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's authentication secret, base64url. */
  auth: string;
}>;

export type PushSubscriptionSaved = Event<
  'PushSubscriptionSaved',
  PushSubscription & { userId: string; at: string }
>;
export type PushSubscriptionDropped = Event<
  'PushSubscriptionDropped',
  { userId: string; endpoint: string; reason: 'replaced' | 'gone'; at: string }
>;
export type PushSubscriptionEvent = PushSubscriptionSaved | PushSubscriptionDropped;

export type SavePushSubscription = Command<
  'SavePushSubscription',
  PushSubscription & { userId: string }
>;
export type DropPushSubscription = Command<
  'DropPushSubscription',
  { userId: string; endpoint: string }
>;
export type PushSubscriptionCommand = SavePushSubscription | DropPushSubscription;

export type PushSubscriptionsState = Readonly<{
  /** Oldest first. */
  subscriptions: readonly PushSubscription[];
}>;

const decide = (
  command: PushSubscriptionCommand,
  state: PushSubscriptionsState,
): PushSubscriptionEvent[] => {
  const at = command.metadata.now.toISOString();
  const { userId, endpoint } = command.data;
  const known = state.subscriptions.find((s) => s.endpoint === endpoint);
  switch (command.type) {
    case 'SavePushSubscription': {
      const { p256dh, auth } = command.data;
      if (known && known.p256dh === p256dh && known.auth === auth) return [];
      const others = state.subscriptions.filter((s) => s.endpoint !== endpoint);
      const overflow = others.slice(0, Math.max(0, others.length + 1 - MAX_PUSH_SUBSCRIPTIONS));
      return [
        ...overflow.map((old): PushSubscriptionDropped => ({
          type: 'PushSubscriptionDropped',
          data: { userId, endpoint: old.endpoint, reason: 'replaced', at },
        })),
        { type: 'PushSubscriptionSaved', data: { userId, endpoint, p256dh, auth, at } },
      ];
    }
    case 'DropPushSubscription':
      if (!known) return [];
      return [{ type: 'PushSubscriptionDropped', data: { userId, endpoint, reason: 'gone', at } }];
  }
};

const evolve = (
  state: PushSubscriptionsState,
  event: PushSubscriptionEvent,
): PushSubscriptionsState => {
  const others = state.subscriptions.filter((s) => s.endpoint !== event.data.endpoint);
  switch (event.type) {
    case 'PushSubscriptionSaved': {
      const { endpoint, p256dh, auth } = event.data;
      return { subscriptions: [...others, { endpoint, p256dh, auth }] };
    }
    case 'PushSubscriptionDropped':
      return { subscriptions: others };
  }
};

export const pushSubscriptionsDecider: Decider<
  PushSubscriptionsState,
  PushSubscriptionCommand,
  PushSubscriptionEvent
> = {
  initialState: () => ({ subscriptions: [] }),
  decide,
  evolve,
};
