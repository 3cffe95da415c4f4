/**
 * The security suite's kit (services/runtime/security/): what a context's `security.ts` is made
 * of, and the helpers its fixtures share. Each context keeps, beside its endpoints, one entry per
 * endpoint: its row of the authorisation matrix (`access`) and its fixture, one valid request and
 * one refused request built on fresh data. The suite collects them through the composition list
 * (`BoundedContext.security`) and fails when an endpoint has no entry beside it.
 */
import request from 'supertest';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import { adminEnv, loginAdmin, registerUser, type TestUser } from './accounts.ts';
import { changeCollection, grantCoins } from './collections.ts';
import { openConversation, storeMessage } from './messaging.ts';
import { pay, settleInSandbox } from './payments.ts';
import { instagramWizard, saveProfile } from './profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from './test-server.ts';

/** A request, as the suite sends it: who calls, and what goes in each part. */
export type RequestSpec = Readonly<{
  as: TestUser | null;
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string>>;
  body?: Readonly<Record<string, unknown>>;
  /** A multipart upload instead of a JSON body. */
  file?: Readonly<{ field: string; content: Buffer; name: string }>;
}>;

/** The people and things one fixture run may need, each made on first use. */
export type Target = Readonly<{
  server: TestServer;
  /** This target's number in the run (distinct names, e-mails, demo accounts). */
  serial: number;
  admin: () => Promise<TestUser>;
  /** A registered brand. */
  brand: () => Promise<TestUser>;
  /** A registered creator with a saved profile listing the Instagram handle `handle`. */
  creator: () => Promise<TestUser>;
  handle: string;
  /** The creator's open Instagram request: its record id and code, as the admin reads them. */
  instagramRequest: () => Promise<{ id: string; otp: string }>;
  /** An address nobody registered. */
  freeEmail: string;
  /** A purchase the brand started, approved in the sandbox but not yet returned to the shop. */
  payment: () => Promise<{ paymentId: string; approvedReturn: URL }>;
  /** The brand's conversation with the creator, with a message from the creator unread. */
  conversation: () => Promise<{ brand: TestUser; creator: TestUser }>;
}>;

/**
 * Who may call an endpoint, as the authorisation matrix expects it. `credential`: open to anyone
 * at the guard, because the credential is not a bearer token (the refresh cookie of a browser
 * session), so a caller with neither is refused with 401 by the endpoint itself.
 */
export type Access = 'anyone' | 'credential' | 'signed-in' | readonly Role[];

export type EndpointFixture = Readonly<{
  /** A request the endpoint accepts (2xx) on a fresh target. */
  valid: (target: Target) => Promise<RequestSpec>;
  /** A request the endpoint refuses on its own (4xx) on a fresh target; none when it cannot fail. */
  refused?: (target: Target) => Promise<RequestSpec>;
  /** Why `valid` cannot succeed in the test server (the sweep still runs its bad inputs). */
  unavailable?: string;
}>;

let sequence = 0;

export const suiteServer = async () => {
  const clock = adjustableClock();
  const server = await startTestServer({
    clock,
    env: {
      ...adminEnv,
      LOGIN_ATTEMPTS_PER_WINDOW: '100000',
      OTP_REQUESTS_PER_WINDOW: '100000',
      OTP_VERIFY_ATTEMPTS_PER_WINDOW: '100000',
      AUTH_REQUESTS_PER_IP_PER_WINDOW: '1000000',
      INSTAGRAM_REQUESTS_PER_ADDRESS_PER_DAY: '1000000',
      INSTAGRAM_TRIES_PER_ADDRESS_PER_DAY: '1000000',
      DIRECTORY_VISITOR_REQUESTS_PER_MINUTE: '100000',
      DIRECTORY_MEMBER_REQUESTS_PER_MINUTE: '100000',
    },
  });
  return { server, clock };
};

/** A fresh target on a running server; `clock` moves past the one-code-a-minute rule. */
export const newTarget = (
  server: TestServer,
  clock: ReturnType<typeof adjustableClock>,
): Target => {
  sequence += 1;
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | null = null;
    return () => (made ??= make());
  };
  const handle = `probe.creator${sequence}`;
  const afterMinute = async <T>(made: Promise<T>) => {
    const value = await made;
    clock.advance(61_000);
    return value;
  };
  const creator = once(async () => {
    const user = await afterMinute(registerUser(server, { role: 'influencer' }));
    await saveProfile(server, user, instagramWizard(handle)).expect(200);
    return user;
  });
  const admin = once(() => loginAdmin(server));
  const brand = once(() => afterMinute(registerUser(server, { role: 'user' })));
  return {
    conversation: once(async () => {
      const [payer, owner] = [await brand(), await creator()];
      await openConversation(server, payer, owner);
      await storeMessage(server, owner, payer, 'Hello from the security suite');
      return { brand: payer, creator: owner };
    }),
    payment: once(async () => {
      const buyer = await brand();
      const started = await pay(server, buyer, { packageId: 'growth' }).expect(201);
      const paymentId = started.body.paymentId as string;
      const approvedReturn = await settleInSandbox(
        server,
        started.body.approvalURL as string,
        'approve',
      );
      // The sandbox records its approval as it settles; the credits process follows it. Waited
      // for here, so nothing the suite sends later is mistaken for what moved the log.
      for (let tries = 0; ; tries += 1) {
        const seen = await request(server.url)
          .get(`/api/payment/${paymentId}`)
          .set('Authorization', `Bearer ${buyer.token}`)
          .expect(200);
        if (seen.body.payment.credited === true) break;
        if (tries > 200) throw new Error('the approved payment was never credited');
        await new Promise((done) => setTimeout(done, 25));
      }
      return { paymentId, approvedReturn };
    }),
    server,
    serial: sequence,
    handle,
    freeEmail: `free${sequence}-${Date.now()}@example.in`,
    admin,
    brand,
    creator,
    // Not cached: an earlier step of the run (a request sent by the endpoint under test) counts.
    instagramRequest: async () => {
      const owner = await creator();
      const current = async () =>
        (
          await request(server.url)
            .get('/api/pageowners/get-all')
            .query({ userId: owner.userId })
            .set('Authorization', `Bearer ${(await admin()).token}`)
            .expect(200)
        ).body.data.data[0] as { id: string; otp: string } | undefined;
      const existing = await current();
      if (existing) return { id: existing.id, otp: existing.otp };
      await request(server.url)
        .post('/api/pageowners/store')
        .set('Authorization', `Bearer ${owner.token}`)
        .send({ userId: owner.userId, profileName: handle })
        .expect(201);
      const made = await current();
      if (!made) throw new Error('the Instagram request was not recorded');
      return { id: made.id, otp: made.otp };
    },
  };
};

/** One endpoint's row of the matrix and its fixture, kept beside it in its context. */
export type EndpointSecurity = EndpointFixture & Readonly<{ access: Access }>;

/** A context's `security.ts`: its entries, keyed by `METHOD /path` as the registry lists them. */
export type ContextSecurity = Readonly<Record<string, EndpointSecurity>>;

/** The brand with coins to spend on its list. */
export const fundedBrand = async (t: Target) => {
  const brand = await t.brand();
  await grantCoins(t.server, await t.admin(), brand, 3);
  return brand;
};

/** The brand with the creator on its list (1 of its coins spent). */
export const brandWithCreator = async (t: Target) => {
  const brand = await fundedBrand(t);
  const creator = await t.creator();
  await changeCollection(t.server, brand, 'add', creator.userId).expect(201);
  return { brand, creator };
};

/** The path of an endpoint with its parameters filled in. */
export const pathOf = (path: string, params: Readonly<Record<string, string>> = {}): string =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? name));

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Sends a request spec to an endpoint, with extra headers. */
export const send = (
  server: TestServer,
  method: Method,
  path: string,
  spec: RequestSpec,
  headers: Readonly<Record<string, string>> = {},
) => {
  let req = request(server.url)[method](`/api${pathOf(path, spec.params)}`);
  if (spec.query) req = req.query(spec.query);
  if (spec.as) req = req.set('Authorization', `Bearer ${spec.as.token}`);
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  if (spec.file) return req.attach(spec.file.field, spec.file.content, spec.file.name);
  return spec.body ? req.send(spec.body) : req;
};
