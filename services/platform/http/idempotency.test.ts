/**
 * A client's Idempotency-Key on an endpoint that accepts one: a retry of the very request returns
 * the earlier result, and the key used with anything else is refused and changes nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Decider } from '@linkcoin/domain/shared/decider.ts';
import { IDEMPOTENCY_MESSAGES } from '@linkcoin/domain/shared/idempotency.ts';
import type { Command, Event } from '@linkcoin/domain/shared/messages.ts';
import type { BoundedContext } from '../context.ts';
import { CONTEXTS } from '../../runtime/composition.ts';
import { headPosition, registerUser, type TestUser } from '../../testing/accounts.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { callerOf, signedIn, type Endpoint } from './endpoint.ts';
import { createClientKeys } from './idempotency.ts';
import { parseBody } from './validate.ts';

// A tally per user: the smallest paid-for action that shows a double charge.
type Tallied = Event<'Tallied', { by: number }>;
type Tally = Command<'Tally', { by: number }>;
const tallyDecider: Decider<number, Tally, Tallied> = {
  initialState: () => 0,
  evolve: (state, event) => state + event.data.by,
  decide: (command) => ({ type: 'Tallied', data: { by: command.data.by } }),
};

const tallyContext: BoundedContext = {
  name: 'tally',
  projections: [],
  create: ({ commands, clock }) => {
    const keys = createClientKeys(commands, clock);
    const endpoint = (path: string, stream: string): Endpoint => ({
      method: 'post',
      path,
      summary: 'test: add to a tally',
      access: signedIn(),
      acceptsIdempotencyKey: true,
      handler: async (req, res) => {
        const { by } = parseBody(z.object({ by: z.number().int().min(1).max(100) }), req);
        const result = await commands.handle(tallyDecider, `${stream}-${callerOf(req).userId}`, {
          type: 'Tally',
          data: { by },
          metadata: await keys.keyedMetadata(req),
        });
        res.json({ total: result.state, alreadyHandled: result.alreadyHandled });
      },
    });
    return {
      endpoints: [endpoint('/test/tally', 'tally'), endpoint('/test/other-tally', 'othertally')],
      processes: [],
    };
  },
};

describe("a client's Idempotency-Key", () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ contexts: [...CONTEXTS, tallyContext] });
    alice = await registerUser(server);
    bob = await registerUser(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const tally = (user: TestUser, body: object, key?: string, path = '/api/test/tally') => {
    const req = request(server.url).post(path).set('Authorization', `Bearer ${user.token}`);
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };

  it('answers a retry of the very request with the earlier result, appending once', async () => {
    const first = await tally(alice, { by: 5 }, 'retry-key-0001').expect(200);
    const head = await headPosition(server);
    const again = await tally(alice, { by: 5 }, 'retry-key-0001').expect(200);
    expect(first.body).toEqual({ total: 5, alreadyHandled: false });
    expect(again.body).toEqual({ total: 5, alreadyHandled: true });
    expect(await headPosition(server)).toBe(head);
  });

  it('refuses the key with another payload, with 422, changing nothing', async () => {
    await tally(alice, { by: 1 }, 'payload-key-01').expect(200);
    const head = await headPosition(server);
    const reuse = await tally(alice, { by: 99 }, 'payload-key-01').expect(422);
    expect(reuse.body).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await headPosition(server)).toBe(head);
  });

  it('refuses the key on another endpoint, even one writing another stream', async () => {
    await tally(alice, { by: 2 }, 'endpoint-key-01').expect(200);
    const head = await headPosition(server);
    await tally(alice, { by: 2 }, 'endpoint-key-01', '/api/test/other-tally').expect(422);
    expect(await headPosition(server)).toBe(head);
  });

  it("is scoped to its caller: another user's same key is their own", async () => {
    await tally(alice, { by: 3 }, 'shared-key-0001').expect(200);
    const bobs = await tally(bob, { by: 3 }, 'shared-key-0001').expect(200);
    expect(bobs.body).toEqual({ total: 3, alreadyHandled: false });
  });

  it('handles the same keyed request sent 20 times at once exactly once', async () => {
    const carol = await registerUser(server);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => tally(carol, { by: 7 }, 'double-click-01')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(answers.filter((a) => !a.body.alreadyHandled)).toHaveLength(1);
    const total = await tally(carol, { by: 1 }).expect(200);
    expect(total.body.total).toBe(8);
  });

  it('refuses a malformed key with 400 before anything happens', async () => {
    const head = await headPosition(server);
    for (const key of ['short', 'has spaces in it', 'x'.repeat(129), 'semi;colon;key']) {
      const answer = await tally(alice, { by: 1 }, key).expect(400);
      expect(answer.body.message).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
    expect(await headPosition(server)).toBe(head);
  });

  it('does not claim a key for a request that fails validation', async () => {
    await tally(alice, { by: 'lots' }, 'fix-and-retry-1').expect(400);
    await tally(alice, { by: 4 }, 'fix-and-retry-1').expect(200);
  });

  it('lets requests without a key repeat', async () => {
    const dave = await registerUser(server);
    await tally(dave, { by: 1 }).expect(200);
    const second = await tally(dave, { by: 1 }).expect(200);
    expect(second.body).toEqual({ total: 2, alreadyHandled: false });
  });
});
