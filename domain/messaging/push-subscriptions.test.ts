import { describe, expect, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import {
  isPushServiceEndpoint,
  MAX_PUSH_SUBSCRIPTIONS,
  pushSubscriptionsDecider,
  type PushSubscriptionEvent,
} from './push-subscriptions.ts';

const given = DeciderSpecification.for(pushSubscriptionsDecider);
const at = '2026-01-15T10:00:00.000Z';
const metadata = testMetadata({ now: new Date(at) });
const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };
const endpoint = (n: number) => `https://push.example/send/${n}`;
const saved = (n: number, more: Partial<typeof keys> = {}): PushSubscriptionEvent => ({
  type: 'PushSubscriptionSaved',
  data: { userId: 'u-1', endpoint: endpoint(n), ...keys, ...more, at },
});
const save = (n: number, more: Partial<typeof keys> = {}) => ({
  type: 'SavePushSubscription' as const,
  data: { userId: 'u-1', endpoint: endpoint(n), ...keys, ...more },
  metadata,
});

describe('push subscriptions', () => {
  it('saves a browser once, and again when its keys changed', () => {
    given([]).when(save(1)).then(saved(1));
    given([saved(1)])
      .when(save(1))
      .thenNothingHappens();
    given([saved(1)])
      .when(save(1, { auth: 'b'.repeat(22) }))
      .then(saved(1, { auth: 'b'.repeat(22) }));
  });

  it('keeps a few browsers per user, the oldest giving way', () => {
    const full = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, (_, n) => saved(n));
    given(full)
      .when(save(99))
      .then([
        {
          type: 'PushSubscriptionDropped',
          data: { userId: 'u-1', endpoint: endpoint(0), reason: 'replaced', at },
        },
        saved(99),
      ]);
  });

  it('drops a subscription the push service says is gone, once', () => {
    const drop = {
      type: 'DropPushSubscription' as const,
      data: { userId: 'u-1', endpoint: endpoint(1) },
      metadata,
    };
    given([saved(1)])
      .when(drop)
      .then({
        type: 'PushSubscriptionDropped',
        data: { userId: 'u-1', endpoint: endpoint(1), reason: 'gone', at },
      });
    given([
      saved(1),
      { type: 'PushSubscriptionDropped', data: { ...drop.data, reason: 'gone', at } },
    ])
      .when(drop)
      .thenNothingHappens();
  });
});

describe('which push endpoints the server may call', () => {
  const hosts = ['fcm.googleapis.com', 'push.apple.com'];
  it('takes https addresses of the known services, on the default port only', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:443/fcm/send/abc',
      'https://web.push.apple.com/QGx',
    ]) {
      expect(isPushServiceEndpoint(ok, hosts), ok).toBe(true);
    }
    for (const refused of [
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com:80/x',
      'http://fcm.googleapis.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://example.com/fcm.googleapis.com',
      'not a url',
    ]) {
      expect(isPushServiceEndpoint(refused, hosts), refused).toBe(false);
    }
  });
});
