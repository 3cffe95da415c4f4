/**
 * The one contract every Bus adapter passes. Topics and groups are unique per test, so the suite
 * also runs against a shared Kafka broker.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../shared/logger.ts';
import { capturedLogs } from '../testing/logs.ts';
import {
  deadLetterTopic,
  MessageTooLargeError,
  type Bus,
  type BusSubscription,
  type DeliveredMessage,
} from './port.ts';

export type BusFixture = Readonly<{ bus: Bus; dispose: () => Promise<void> }>;

/** `setup` builds the bus with the given logger (its alerts are asserted). */
export const describeBusContract = (
  adapter: string,
  setup: (logger: Logger) => Promise<BusFixture>,
  options: { deliveryTimeoutMs?: number } = {},
): void => {
  const timeout = options.deliveryTimeoutMs ?? 5000;
  describe(`Bus contract: ${adapter}`, () => {
    let fixture: BusFixture;
    let bus: Bus;
    const subscriptions: BusSubscription[] = [];
    const topic = () => `contract.${randomUUID()}`;
    const group = () => `group-${randomUUID()}`;
    const logs = capturedLogs();

    beforeAll(async () => {
      fixture = await setup(logs.logger);
      bus = fixture.bus;
    });
    afterAll(async () => {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await fixture?.dispose();
    });

    const collect = async (
      topics: string[],
      groupId: string,
      extra: { fromBeginning?: boolean; fail?: (m: DeliveredMessage) => boolean } = {},
    ) => {
      const received: DeliveredMessage[] = [];
      const subscription = await bus.subscribe({
        groupId,
        topics,
        fromBeginning: extra.fromBeginning ?? true,
        handler: async (message) => {
          if (extra.fail?.(message)) throw new Error('not now');
          received.push(message);
        },
      });
      subscriptions.push(subscription);
      return { received, subscription };
    };

    it('delivers keys, values and headers in publish order', async () => {
      const t = topic();
      const { received } = await collect([t], group());
      await bus.publish(t, [
        { key: 'k1', value: { n: 1 }, headers: { type: 'First' } },
        { key: 'k1', value: { n: 2, text: 'नमस्ते 👋' } },
        { key: 'k1', value: { n: 3, nested: { list: [1, 'two', null] } } },
      ]);
      await expect.poll(() => received.length, { timeout }).toBe(3);
      expect(received.map((m) => m.value)).toEqual([
        { n: 1 },
        { n: 2, text: 'नमस्ते 👋' },
        { n: 3, nested: { list: [1, 'two', null] } },
      ]);
      expect(received.every((m) => m.key === 'k1' && m.topic === t)).toBe(true);
      expect(received[0]!.headers).toMatchObject({ type: 'First' });
    });

    it('gives every group every message', async () => {
      const t = topic();
      const a = await collect([t], group());
      const b = await collect([t], group());
      await bus.publish(t, [
        { key: 'x', value: 1 },
        { key: 'y', value: 2 },
      ]);
      await expect.poll(() => a.received.length, { timeout }).toBe(2);
      await expect.poll(() => b.received.length, { timeout }).toBe(2);
    });

    it('shares a group between its members, keeping each key in order', async () => {
      const t = topic();
      const g = group();
      const first = await collect([t], g);
      const second = await collect([t], g);
      const messages = Array.from({ length: 40 }, (_, n) => ({ key: `key-${n % 8}`, value: n }));
      await bus.publish(t, messages);
      const all = () => [...first.received, ...second.received];
      await expect.poll(() => new Set(all().map((m) => m.value)).size, { timeout }).toBe(40);
      for (const member of [first.received, second.received]) {
        const byKey = new Map<string, number[]>();
        for (const m of member) byKey.set(m.key, [...(byKey.get(m.key) ?? []), m.value as number]);
        for (const values of byKey.values()) {
          const unique = [...new Set(values)];
          expect(unique).toEqual([...unique].sort((x, y) => x - y));
        }
      }
    });

    it('delivers a message again when its handler throws (at-least-once)', async () => {
      const t = topic();
      let failures = 0;
      const { received } = await collect([t], group(), {
        fail: (m) => m.value === 'flaky' && failures++ < 2,
      });
      await bus.publish(t, [
        { key: 'k', value: 'flaky' },
        { key: 'k', value: 'after' },
      ]);
      await expect
        .poll(() => received.map((m) => m.value), { timeout })
        .toEqual(['flaky', 'after']);
      expect(failures).toBe(3);
    });

    it('starts a group that does not ask for the beginning at the messages published after it joins', async () => {
      const t = topic();
      await bus.publish(t, [{ key: 'k', value: 'before' }]);
      const { received } = await collect([t], group(), { fromBeginning: false });
      await bus.publish(t, [{ key: 'k', value: 'after' }]);
      await expect.poll(() => received.map((m) => m.value), { timeout }).toEqual(['after']);
    });

    it('stops delivering to a stopped subscription', async () => {
      const t = topic();
      const { received, subscription } = await collect([t], group());
      await bus.publish(t, [{ key: 'k', value: 1 }]);
      await expect.poll(() => received.length, { timeout }).toBe(1);
      await subscription.stop();
      await bus.publish(t, [{ key: 'k', value: 2 }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received.map((m) => m.value)).toEqual([1]);
    });

    it('parks a message whose handler keeps failing, with an alert, and goes on with the next', async () => {
      const t = topic();
      const g = group();
      let attempts = 0;
      const handled: unknown[] = [];
      const parked = await collect([deadLetterTopic(t)], group());
      subscriptions.push(
        await bus.subscribe({
          groupId: g,
          topics: [t],
          fromBeginning: true,
          maxAttempts: 3,
          handler: async (message) => {
            if (message.value === 'poison') {
              attempts++;
              throw new Error('cannot handle poison');
            }
            handled.push(message.value);
          },
        }),
      );
      await bus.publish(t, [
        { key: 'k', value: 'poison', headers: { type: 'Bad' } },
        { key: 'k', value: 'after' },
      ]);
      await expect.poll(() => handled, { timeout }).toEqual(['after']);
      expect(attempts).toBe(3);
      await expect.poll(() => parked.received.length, { timeout }).toBe(1);
      expect(parked.received[0]).toMatchObject({
        key: 'k',
        value: 'poison',
        headers: {
          type: 'Bad',
          'dead-letter-topic': t,
          'dead-letter-group': g,
          'dead-letter-attempts': '3',
          'dead-letter-reason': 'cannot handle poison',
        },
      });
      expect(logs.lines).toContainEqual(
        expect.objectContaining({ alert: 'bus-dead-letter', topic: t, groupId: g }),
      );
    });

    it('carries a message of 2 MiB (twice the default broker limit)', async () => {
      const t = topic();
      const { received } = await collect([t], group());
      const text = 'é'.repeat(1024 * 1024);
      await bus.publish(t, [{ key: 'big', value: { text } }]);
      await expect.poll(() => received.length, { timeout }).toBe(1);
      expect((received[0]!.value as { text: string }).text).toBe(text);
    });

    it('refuses a message larger than it carries, publishing nothing of that call', async () => {
      const t = topic();
      const { received } = await collect([t], group());
      const tooLarge = 'x'.repeat(bus.maxMessageBytes);
      await expect(
        bus.publish(t, [
          { key: 'k', value: 'fits' },
          { key: 'k', value: tooLarge },
        ]),
      ).rejects.toBeInstanceOf(MessageTooLargeError);
      await bus.publish(t, [{ key: 'k', value: 'next' }]);
      await expect.poll(() => received.map((m) => m.value), { timeout }).toEqual(['next']);
    });

    it('reports its status', async () => {
      expect(await bus.status()).toMatchObject({ port: 'bus', ok: true });
    });
  });
};
