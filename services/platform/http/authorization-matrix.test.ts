/**
 * Who may call what: every endpoint of the API, every kind of caller. The expected table is
 * written out below; an endpoint added without a row here fails this test, so each feature
 * extends the matrix deliberately.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@linkcoin/domain/accounts/roles.ts';
import {
  adminEnv,
  grantAuditor,
  loginAdmin,
  registerUser,
  type TestUser,
} from '../../testing/accounts.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { Endpoint } from './endpoint.ts';

/**
 * `credential`: open to anyone at the guard, because the credential is not a bearer token (the
 * refresh cookie of a browser session), so a caller with neither is refused with 401 by the
 * endpoint itself.
 */
type Expected = 'anyone' | 'credential' | 'signed-in' | readonly Role[];

const EXPECTED: Record<string, Expected> = {
  'POST /otp/send-otp': 'anyone',
  'POST /otp/send-otpFP': 'anyone',
  'POST /otp/verify': 'anyone',
  'GET /otp/userId': 'anyone',
  'POST /pageowners/register': 'anyone',
  'POST /pageowners/login': 'anyone',
  'POST /pageowners/admin-login': 'anyone',
  'POST /pageowners/google': 'anyone',
  'POST /pageowners/logout': 'signed-in',
  'GET /pageowners/check-auth': 'signed-in',
  'POST /pageowners/refresh': 'credential',
  'POST /pageowners/change-password': 'signed-in',
  'POST /pageowners/forget-password': 'anyone',
  'GET /public-config': 'anyone',
  'PUT /pageowners/updateUser/:userId': 'signed-in',
  'GET /pageowners/user/:userId': 'anyone',
  'POST /uploads/image': 'signed-in',
  'POST /pageowners/store': ['influencer', 'admin'],
  'GET /pageowners/get-by-userid': 'signed-in',
  'PUT /pageowners/send-status': 'signed-in',
  'GET /pageowners/get-all': ['admin'],
  'POST /pageowners/handle-disputes': ['influencer', 'admin'],
  'GET /admin/handle-claims': ['admin'],
  'GET /admin/handle-claims/:id': ['admin'],
  'POST /admin/handle-claims/:id/assign': ['admin'],
  'POST /admin/handle-claims/:id/dismiss': ['admin'],
  'POST /pageowners/verify-youtube': ['influencer', 'admin'],
  'GET /admin/otp-records': ['admin'],
  'GET /admin/otp-records/summary': ['admin'],
  'GET /admin/otp-records/:id': ['admin'],
  'POST /admin/otp-records/:id/send': ['admin'],
  'GET /admin/users': ['admin', 'auditor'],
  'GET /admin/users/:id': ['admin', 'auditor'],
  'POST /admin/users/:id/roles': ['admin'],
  'DELETE /admin/users/:id/roles/:role': ['admin'],
  'GET /wallet/me': 'signed-in',
  'GET /admin/wallets': ['admin', 'auditor'],
  'GET /admin/wallets/:id': ['admin', 'auditor'],
  'GET /admin/wallets/:id/entries': ['admin', 'auditor'],
  'POST /admin/wallets/:id/grants': ['admin'],
  'POST /payment/pay': 'signed-in',
  'GET /payment/:paymentId': 'signed-in',
  'GET /payment/return/:provider': 'anyone',
  'POST /payment/webhook/razorpay': 'anyone',
  'GET /collection/users/:userId': 'signed-in',
  'POST /collection/users/add': 'signed-in',
  'POST /collection/users/remove': 'signed-in',
  'POST /collection/users/update': 'signed-in',
  'GET /messages/conversation/:userId/:otherUserId': 'signed-in',
  'PATCH /messages/mark-read': 'signed-in',
  'POST /notifications/store-token': 'signed-in',
  'POST /notifications/send-message': 'signed-in',
  'GET /notifications/public-key': 'anyone',
  'GET /admin/audit/:id/ledger': ['admin', 'auditor'],
  'GET /admin/audit/:id/ledger.csv': ['admin', 'auditor'],
  'GET /admin/audit/:id/verifications': ['admin', 'auditor'],
  'GET /admin/audit/:id/verifications.csv': ['admin', 'auditor'],
  'GET /admin/audit/:id/as-of': ['admin', 'auditor'],
  'GET /admin/read-models': ['admin', 'auditor'],
  'GET /admin/replay-checks': ['admin', 'auditor'],
  'POST /admin/replay-checks': ['admin', 'auditor'],
  'GET /admin/replay-checks/:id': ['admin', 'auditor'],
  'GET /admin/ledger-invariants': ['admin', 'auditor'],
  'GET /admin/payments': ['admin', 'auditor'],
  'GET /admin/payments/:id': ['admin', 'auditor'],
  'GET /admin/connections': ['admin', 'auditor'],
  'GET /admin/connections/:id': ['admin', 'auditor'],
  'GET /admin/user-overviews': ['admin', 'auditor'],
  'GET /admin/user-overviews/:id': ['admin', 'auditor'],
  'GET /pageowners/users': 'anyone',
  'GET /pageowners/visibility/:userId': 'signed-in',
  'POST /admin/demo-accounts': ['admin'],
  'GET /insights': ['influencer'],
};

type Caller = 'anonymous' | 'user' | 'influencer' | 'admin' | 'auditor';
const CALLERS: readonly Caller[] = ['anonymous', 'user', 'influencer', 'admin', 'auditor'];

const keyOf = (endpoint: Endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`;

const allowed = (expected: Expected, caller: Caller): boolean => {
  if (expected === 'anyone') return true;
  if (caller === 'anonymous') return false;
  if (expected === 'signed-in' || expected === 'credential') return true;
  return expected.includes(caller);
};

describe('the authorisation matrix', () => {
  let server: TestServer;
  let endpoints: readonly Endpoint[];
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
      env: {
        ...adminEnv,
        LOGIN_ATTEMPTS_PER_WINDOW: '10000',
        OTP_REQUESTS_PER_WINDOW: '10000',
        OTP_VERIFY_ATTEMPTS_PER_WINDOW: '10000',
        AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
      },
    });
    // The composed registry: every endpoint of every context of runtime/composition.ts.
    endpoints = server.runtime.endpoints;
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

  it('has a row for every endpoint, and an endpoint for every row', () => {
    expect(endpoints.map(keyOf).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('declares on every endpoint the access the table expects', () => {
    for (const endpoint of endpoints) {
      const expected = EXPECTED[keyOf(endpoint)];
      const declared: Expected =
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
      expect(EXPECTED[keyOf(endpoint)], keyOf(endpoint)).toEqual(['admin']);
    }
  });

  it('answers 401 to anonymous callers and 403 to other roles where the table says so', async () => {
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      const expected = EXPECTED[keyOf(endpoint)]!;
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
      const expected = EXPECTED[keyOf(endpoint)]!;
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
