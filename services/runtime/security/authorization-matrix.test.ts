/**
 * Who may call what: every endpoint of the API, every kind of caller. The expected access is
 * written beside each endpoint, in its context's `security.ts` (collected by ./fixtures.ts); an
 * endpoint added without its row there fails this test, so each context extends the matrix
 * deliberately.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEnv,
  roomyAuthLimits,
  grantAuditor,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../../testing/accounts.ts';
import type { Access } from '../../testing/security.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { Endpoint } from '../../platform/http/endpoint.ts';
import { collectSecurity, keyOf, tableProblems, type CollectedSecurity } from './fixtures.ts';

type Caller = 'anonymous' | 'user' | 'influencer' | 'admin' | 'auditor';
const CALLERS: readonly Caller[] = ['anonymous', 'user', 'influencer', 'admin', 'auditor'];

/**
 * A row's roles are whom the endpoint serves. The auditor here is a brand granted the auditor's
 * role (as in the product), and a brand's own endpoints (`brandsOnly`: its recommendations, its
 * saved searches) refuse an account with a console role: staff act in the console only.
 */
const allowed = (expected: Access, caller: Caller): boolean => {
  if (expected === 'anyone') return true;
  if (caller === 'anonymous') return false;
  if (expected === 'signed-in' || expected === 'credential') return true;
  return expected.includes(caller);
};

describe('the authorisation matrix', () => {
  let server: TestServer;
  let endpoints: readonly Endpoint[];
  let table: CollectedSecurity;
  const expectedOf = (endpoint: Endpoint): Access => table.entries[keyOf(endpoint)]!.access;
  const users = new Map<Exclude<Caller, 'anonymous'>, TestUser>();

  /** One token per caller, renewed after logout (one of the endpoints) revoked it. */
  const tokens = new Map<Caller, string>();
  const tokenOf = async (caller: Caller): Promise<string | null> => {
    if (caller === 'anonymous') return null;
    const known = tokens.get(caller);
    if (known) return known;
    const user = users.get(caller)!;
    const login = await request(server.url)
      .post('/api/pageowners/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    tokens.set(caller, login.body.token as string);
    return login.body.token as string;
  };

  const call = async (endpoint: Endpoint, caller: Caller, named: string | null) => {
    const subject = endpoint.subject;
    const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
      subject?.in === 'params' && subject.field === name ? (named ?? 'nobody') : 'matrix-probe',
    );
    const body = subject?.in === 'body' && named ? { [subject.field]: named } : {};
    const query = subject?.in === 'query' && named ? { [subject.field]: named } : {};
    const token = await tokenOf(caller);
    if (keyOf(endpoint) === 'POST /pageowners/logout') tokens.delete(caller);
    let req = request(server.url)[endpoint.method](`/api${path}`).query(query);
    if (token) req = req.set('Authorization', `Bearer ${token}`);
    return endpoint.method === 'get' ? req : req.send(body);
  };

  beforeAll(async () => {
    server = await startTestServer({
      env: { ...adminEnv, ...roomyAuthLimits },
    });
    // The composed registry: every endpoint of every context of runtime/composition.ts.
    endpoints = server.runtime.endpoints;
    table = await collectSecurity();
    const admin = await loginAdmin(server);
    users.set('admin', admin);
    users.set('user', await registerUser(server, { role: 'user' }));
    users.set('influencer', await registerUser(server, { role: 'influencer' }));
    const auditor = await registerUser(server, { role: 'user' });
    await grantAuditor(server, admin, auditor.userId);
    users.set('auditor', auditor);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('has a row for every endpoint beside it, and an endpoint for every row', () => {
    expect(tableProblems(table, server.runtime)).toEqual([]);
    expect(endpoints.map(keyOf).sort()).toEqual(Object.keys(table.entries).sort());
  });

  it('declares on every endpoint the access the table expects', () => {
    for (const endpoint of endpoints) {
      const expected = expectedOf(endpoint);
      const declared: Access =
        endpoint.access.kind === 'anyone' ? 'anyone' : (endpoint.access.roles ?? 'signed-in');
      expect(declared, keyOf(endpoint)).toEqual(expected === 'credential' ? 'anyone' : expected);
    }
  });

  it('lets auditors change nothing: the one role-gated write open to them starts a read-only replay check', () => {
    const writes = endpoints.filter(
      (endpoint) =>
        endpoint.method !== 'get' &&
        endpoint.access.kind !== 'anyone' &&
        endpoint.access.roles?.includes('auditor'),
    );
    expect(writes.map(keyOf)).toEqual(['POST /admin/replay-checks']);
    // Everything else under /admin that is not a read is the admins' alone.
    for (const endpoint of endpoints.filter(
      (e) => e.path.startsWith('/admin') && e.method !== 'get' && !writes.includes(e),
    )) {
      expect(expectedOf(endpoint), keyOf(endpoint)).toEqual(['admin']);
    }
  });

  it('answers 401 to anonymous callers and 403 to other roles where the table says so', async () => {
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      const expected = expectedOf(endpoint);
      for (const caller of CALLERS) {
        const own = caller === 'anonymous' ? null : users.get(caller)!.userId;
        const res = await call(endpoint, caller, own);
        const ok = allowed(expected, caller);
        const verdict = ok
          ? res.status !== 401 && res.status !== 403
          : res.status === (caller === 'anonymous' ? 401 : 403);
        if (!verdict)
          failures.push(
            `${keyOf(endpoint)} as ${caller}: ${res.status} ${JSON.stringify(res.body)}`,
          );
        if (!ok) expect(res.body.success).toBe(false);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses a request naming another user's id unless the caller is an admin", async () => {
    const failures: string[] = [];
    const someoneElse = users.get('influencer')!.userId;
    const naming = endpoints.filter((e) => e.subject);
    expect(naming.map(keyOf).sort()).toEqual([
      'GET /collection/users/:userId',
      'GET /messages/conversation/:userId/:otherUserId',
      'GET /pageowners/get-by-userid',
      'GET /pageowners/visibility/:userId',
      'PATCH /messages/mark-read',
      'POST /collection/users/add',
      'POST /collection/users/remove',
      'POST /collection/users/update',
      'POST /notifications/store-token',
      'POST /pageowners/handle-disputes',
      'POST /pageowners/store',
      'POST /pageowners/verify-youtube',
      'POST /payment/pay',
      'PUT /pageowners/send-status',
      'PUT /pageowners/updateUser/:userId',
    ]);
    for (const endpoint of naming) {
      const expected = expectedOf(endpoint);
      for (const caller of CALLERS.filter((c) => c !== 'anonymous' && c !== 'influencer')) {
        if (!allowed(expected, caller)) continue;
        const res = await call(endpoint, caller, someoneElse);
        // Coins are bought and spent for oneself only: even an admin cannot start another
        // user's payment or change their list; conversations and push subscriptions are private too.
        const shouldPass = caller === 'admin' && !endpoint.subject?.ownOnly;
        if (shouldPass ? res.status === 403 : res.status !== 403) {
          failures.push(`${keyOf(endpoint)} as ${caller} naming another user: ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
