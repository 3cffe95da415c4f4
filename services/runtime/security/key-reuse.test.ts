/**
 * A property over the whole registry: for every pair of endpoints that write the same kind of
 * stream, an Idempotency-Key sent with a request to the first cannot change what a request to
 * the second does. The pair is run twice on fresh data, without keys and with one key on both,
 * and the second request must answer and append exactly the same either way. (The attack of
 * issue 7 is one such pair: a code request, then a password reset with a bogus proof.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamCategory } from '@linkcoin/domain/shared/messages.ts';
import type { Endpoint } from '../../platform/http/endpoint.ts';
import { headPosition } from '../../testing/accounts.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { eventsAfter } from '../../testing/accounts.ts';
import {
  newTarget,
  send,
  suiteServer,
  type EndpointFixture,
  type EndpointSecurity,
  type Target,
} from '../../testing/security.ts';
import { collectSecurity, keyOf, tableProblems, type CollectedSecurity } from './fixtures.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('an Idempotency-Key across the endpoints of one stream', () => {
  let server: TestServer;
  let clock: Awaited<ReturnType<typeof suiteServer>>['clock'];
  let endpoints: readonly Endpoint[];
  let table: CollectedSecurity;
  let fixtures: Readonly<Record<string, EndpointSecurity>>;
  /** The stream categories each endpoint writes when it succeeds. */
  const writes = new Map<string, ReadonlySet<string>>();

  beforeAll(async () => {
    ({ server, clock } = await suiteServer());
    endpoints = server.runtime.endpoints;
    table = await collectSecurity();
    fixtures = table.entries;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const run = async (
    endpoint: Endpoint,
    build: (target: Target) => Promise<Parameters<typeof send>[3]>,
    target: Target,
    key: string | null,
  ) => {
    const spec = await build(target);
    const head = await headPosition(server);
    const answer = await send(
      server,
      endpoint.method,
      endpoint.path,
      spec,
      key ? { 'Idempotency-Key': key } : {},
    );
    // What the request caused: a request's events (and those processes append following
    // them) carry the UUID correlation the server minted for it; deadline-driven processes
    // (a payment expiring meanwhile, a boost ending) correlate by their deadline and are left
    // out, so the clock of the suite cannot make the two runs differ.
    const appended = (await eventsAfter(server, head)).filter(
      (event) =>
        streamCategory(event.streamId) !== 'idempotency' && UUID.test(event.metadata.correlationId),
    );
    return { status: answer.status, message: answer.body?.message as unknown, appended };
  };

  it('has a fixture for every endpoint of the registry, beside it in its context', () => {
    expect(tableProblems(table, server.runtime)).toEqual([]);
    expect(endpoints.map(keyOf).sort()).toEqual(Object.keys(fixtures).sort());
  });

  it('learns which streams each endpoint writes', { timeout: 600_000 }, async () => {
    for (const endpoint of endpoints) {
      const fixture = fixtures[keyOf(endpoint)]!;
      if (fixture.unavailable) continue;
      const outcome = await run(endpoint, fixture.valid, newTarget(server, clock), null);
      expect([keyOf(endpoint), outcome.status < 400]).toEqual([keyOf(endpoint), true]);
      writes.set(
        keyOf(endpoint),
        new Set(outcome.appended.map((event) => streamCategory(event.streamId))),
      );
    }
    // The streams the attacks went through are among them.
    expect(writes.get('POST /otp/send-otpFP')).toContain('emailotp');
    expect(writes.get('POST /pageowners/forget-password')).toContain('emailotp');
  });

  it(
    'lets no key change what another endpoint of the same stream does',
    { timeout: 1_200_000 },
    async () => {
      const pairs: Array<[Endpoint, Endpoint, EndpointFixture, EndpointFixture]> = [];
      for (const first of endpoints) {
        for (const second of endpoints) {
          const a = fixtures[keyOf(first)]!;
          const b = fixtures[keyOf(second)]!;
          if (first === second || !b.refused || a.unavailable || b.unavailable) continue;
          const shared = [...(writes.get(keyOf(first)) ?? [])].some((category) =>
            writes.get(keyOf(second))?.has(category),
          );
          if (shared) pairs.push([first, second, a, b]);
        }
      }
      expect(pairs.length).toBeGreaterThan(20);
      const differences: string[] = [];
      let n = 0;
      for (const [first, second, a, b] of pairs) {
        n += 1;
        const outcomes = [];
        for (const key of [null, `reused-key-${n}-000`]) {
          const target = newTarget(server, clock);
          await run(first, a.valid, target, key);
          outcomes.push(await run(second, b.refused!, target, key));
        }
        const [plain, keyed] = outcomes as [(typeof outcomes)[0], (typeof outcomes)[0]];
        const same =
          plain.status === keyed.status &&
          plain.message === keyed.message &&
          JSON.stringify(plain.appended.map((e) => e.type)) ===
            JSON.stringify(keyed.appended.map((e) => e.type));
        if (!same) {
          differences.push(
            `${keyOf(first)} then ${keyOf(second)}: without a key ${plain.status} ` +
              `${String(plain.message)} [${plain.appended.map((e) => e.type).join(',')}], with one ` +
              `${keyed.status} ${String(keyed.message)} [${keyed.appended.map((e) => e.type).join(',')}]`,
          );
        }
      }
      expect(differences).toEqual([]);
    },
  );
});
