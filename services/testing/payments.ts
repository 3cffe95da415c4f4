import request from 'supertest';
import type { PaymentFailureCode } from '@linkcoin/domain/payments/messages.ts';
import type { TestUser } from './accounts.ts';
import type { TestServer } from './test-server.ts';

/** Starts a purchase as the browser does; answers the server's answer. */
export const pay = (
  server: TestServer,
  buyer: TestUser,
  order: Record<string, unknown>,
  key?: string,
) => {
  const req = request(server.url)
    .post('/api/payment/pay')
    .set('Authorization', `Bearer ${buyer.token}`);
  return (key ? req.set('Idempotency-Key', key) : req).send({ userId: buyer.userId, ...order });
};

export type SandboxDecision = 'approve' | Readonly<{ decline: PaymentFailureCode }>;

/**
 * What the sandbox approval page sends the browser back with: presses Approve (or Decline with a
 * code) on the page at `approvalURL`, and answers the return address with its signed query.
 */
export const settleInSandbox = async (
  server: TestServer,
  approvalURL: string,
  decision: SandboxDecision,
): Promise<URL> => {
  const page = new URL(approvalURL);
  const token = page.searchParams.get('token') ?? '';
  const form = new URLSearchParams(
    decision === 'approve'
      ? { token, decision: 'approve' }
      : { token, decision: 'decline', code: decision.decline },
  );
  const settled = await request(server.url)
    .post(page.pathname)
    .type('form')
    .send(form.toString())
    .expect(303);
  return new URL(settled.headers.location as string);
};

/** Follows the provider's return into our API; answers where the browser is sent then. */
export const returnToShop = (server: TestServer, returnUrl: URL) =>
  request(server.url).get(`${returnUrl.pathname}${returnUrl.search}`);

/** The whole sandbox purchase: pay, decide on the page, come back. Answers the result page. */
export const buyInSandbox = async (
  server: TestServer,
  buyer: TestUser,
  order: Record<string, unknown>,
  decision: SandboxDecision = 'approve',
): Promise<{ paymentId: string; resultPage: string }> => {
  const started = await pay(server, buyer, order).expect(201);
  const returnUrl = await settleInSandbox(server, started.body.approvalURL as string, decision);
  const back = await returnToShop(server, returnUrl);
  if (back.status !== 303) throw new Error(`the return answered ${back.status}`);
  return {
    paymentId: started.body.paymentId as string,
    resultPage: back.headers.location as string,
  };
};

/** The signed-in user's balance, as the top bar reads it. */
export const balanceOf = async (server: TestServer, user: TestUser): Promise<number> => {
  const check = await request(server.url)
    .get('/api/pageowners/check-auth')
    .set('Authorization', `Bearer ${user.token}`)
    .expect(200);
  return check.body.user.linkCoins as number;
};
