import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FAILURE_CODES } from '@linkcoin/domain/payments/messages.ts';
import { describePaymentContract, type ReturnQuery } from './contract.ts';
import { PaymentProviderError, PaymentSignatureError, type CheckoutRequest } from './port.ts';
import { SANDBOX_RETURN_PARAMS, SandboxPaymentProvider } from './sandbox.ts';
import { renderApprovalPage, sandboxPageHandler, settleApprovalForm } from './sandbox-page.ts';

const SECRET = 'a-sandbox-secret-of-at-least-32-characters';
const RETURN_URL = 'https://linkcoin.test/api/payment/return/sandbox';
const MOUNT = '/sandbox-pay';

/** Our server, reduced to the mounted page (Express's app.use strips the mount path the same way). */
const startPageServer = async (options: { now?: () => Date } = {}) => {
  // The page's absolute URL needs the port: the provider is made once the server listens.
  const mounted: { sandbox?: SandboxPaymentProvider } = {};
  const server: Server = createServer((req, res) => {
    const sandbox = mounted.sandbox;
    if (!sandbox || !req.url?.startsWith(MOUNT)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    req.url = req.url.slice(MOUNT.length) || '/';
    sandboxPageHandler(sandbox)(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sandbox = new SandboxPaymentProvider({
    secret: SECRET,
    approvalPageUrl: `${base}${MOUNT}`,
    ...(options.now ? { now: options.now } : {}),
  });
  mounted.sandbox = sandbox;
  return {
    base,
    sandbox,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const tokenOf = (html: string): string => {
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no token in the page');
  return token;
};

const post = (url: string, form: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });

/** What a browser does on the page: load it, press a button, follow the 303 back to us. */
const settleInBrowser = async (
  approvalUrl: string,
  form: Record<string, string>,
): Promise<ReturnQuery> => {
  const page = await fetch(approvalUrl);
  if (page.status !== 200) throw new Error(`the approval page answered ${page.status}`);
  const answer = await post(approvalUrl, { token: tokenOf(await page.text()), ...form });
  if (answer.status !== 303) throw new Error(`settling answered ${answer.status}`);
  const location = new URL(answer.headers.get('location')!);
  return Object.fromEntries(location.searchParams);
};

describePaymentContract('sandbox', async () => {
  const pages = await startPageServer();
  return {
    provider: pages.sandbox,
    returnUrl: RETURN_URL,
    driver: {
      signatureParam: SANDBOX_RETURN_PARAMS.signature,
      approve: (checkout) => settleInBrowser(checkout.approvalUrl, { decision: 'approve' }),
      endUnpaid: async (checkout) => ({
        returnQuery: await settleInBrowser(checkout.approvalUrl, {
          decision: 'decline',
          code: 'CARD_DECLINED',
        }),
        expected: { kind: 'failed', code: 'CARD_DECLINED' },
      }),
    },
    dispose: pages.stop,
  };
});

describe('the sandbox approval page', () => {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  beforeAll(async () => {
    pages = await startPageServer({ now });
  });
  afterAll(async () => {
    await pages.stop();
  });

  const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
    paymentId: randomUUID(),
    amountPaise: 12_500,
    description: 'LinkCoin: 25 + 5 free coins',
    customer: { name: 'Asha Brand', email: 'asha@example.in' },
    returnUrl: RETURN_URL,
    expiresAt: new Date(now().getTime() + 30 * 60 * 1000),
    summary: { coins: 25, bonusCoins: 5, rupees: 125, packageId: 'growth' },
    ...overrides,
  });

  it('says plainly it is a sandbox and shows the package, coins and amount', async () => {
    const checkout = await pages.sandbox.createCheckout(request());
    const response = await fetch(checkout.approvalUrl);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(html).toContain('Sandbox payment: no money moves.');
    expect(html).toContain('Growth package (most popular)');
    expect(html).toContain('25 LinkCoins + 5 free (30 in total)');
    expect(html).toContain('₹125.00');
    expect(html).toContain('Approve ₹125.00');
    for (const code of PAYMENT_FAILURE_CODES) expect(html).toContain(`value="${code}"`);
    // Works under the app's CSP: no scripts, no inline handlers, nothing from elsewhere.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="https?:/i);
  });

  it('shows a custom quantity without free coins', async () => {
    const checkout = await pages.sandbox.createCheckout(
      request({
        amountPaise: 3_500,
        description: 'LinkCoin: 7 coins',
        summary: { coins: 7, bonusCoins: 0, rupees: 35, packageId: null },
      }),
    );
    const html = await (await fetch(checkout.approvalUrl)).text();
    expect(html).toContain('Custom quantity');
    expect(html).toContain('7 LinkCoins');
    expect(html).not.toContain('free');
    expect(html).toContain('₹35.00');
  });

  it('escapes what it shows', async () => {
    const checkout = await pages.sandbox.createCheckout(
      request({
        description: '"><img src=x onerror=alert(1)>',
        customer: { name: '<script>alert(1)</script>', email: "o'brien@example.in" },
      }),
    );
    const html = await (await fetch(checkout.approvalUrl)).text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('o&#39;brien@example.in');
    expect(html).not.toMatch(/<script|<img/i);
  });

  it('settles a checkout once', async () => {
    const checkout = await pages.sandbox.createCheckout(request());
    const query = await settleInBrowser(checkout.approvalUrl, { decision: 'approve' });
    expect(query[SANDBOX_RETURN_PARAMS.status]).toBe('approved');
    const token = new URL(checkout.approvalUrl).searchParams.get('token')!;
    const forms: Record<string, string>[] = [
      { decision: 'approve' },
      { decision: 'decline', code: 'INSUFFICIENT_FUNDS' },
    ];
    for (const form of forms) {
      const again = await post(checkout.approvalUrl, { token, ...form });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain('This sandbox checkout has already been settled.');
    }
    const page = await fetch(checkout.approvalUrl);
    expect(page.status).toBe(409);
    expect(await page.text()).not.toContain('<form');
    expect(await pages.sandbox.fetchOutcome(checkout.providerReference)).toMatchObject({
      kind: 'approved',
    });
  });

  it('declines with each failure code', async () => {
    for (const code of PAYMENT_FAILURE_CODES) {
      const input = request();
      const checkout = await pages.sandbox.createCheckout(input);
      const query = await settleInBrowser(checkout.approvalUrl, { decision: 'decline', code });
      expect(await pages.sandbox.verifyReturn(query)).toEqual({
        kind: 'failed',
        paymentId: input.paymentId,
        providerReference: checkout.providerReference,
        code,
      });
    }
  });

  it('refuses a decline without a known failure code, and settles nothing', async () => {
    const checkout = await pages.sandbox.createCheckout(request());
    const token = new URL(checkout.approvalUrl).searchParams.get('token')!;
    const forms: Record<string, string>[] = [
      { decision: 'decline', code: 'STOLEN_CARD' },
      { decision: 'decline' },
      { decision: 'maybe' },
      {},
    ];
    for (const form of forms) {
      expect((await post(checkout.approvalUrl, { token, ...form })).status).toBe(400);
    }
    expect((await pages.sandbox.fetchOutcome(checkout.providerReference)).kind).toBe('pending');
    expect((await post(checkout.approvalUrl, { token, decision: 'approve' })).status).toBe(303);
  });

  it('refuses an expired checkout', async () => {
    const input = request();
    const checkout = await pages.sandbox.createCheckout(input);
    const token = new URL(checkout.approvalUrl).searchParams.get('token')!;
    offsetMs = 31 * 60 * 1000;
    try {
      const page = await fetch(checkout.approvalUrl);
      expect(page.status).toBe(410);
      const html = await page.text();
      expect(html).toContain('This sandbox checkout has expired.');
      expect(html).not.toContain('<form');
      expect((await post(checkout.approvalUrl, { token, decision: 'approve' })).status).toBe(410);
      expect(await pages.sandbox.fetchOutcome(checkout.providerReference)).toEqual({
        kind: 'expired',
        paymentId: input.paymentId,
        providerReference: checkout.providerReference,
      });
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses a tampered, foreign or missing token', async () => {
    const checkout = await pages.sandbox.createCheckout(request());
    const url = new URL(checkout.approvalUrl);
    const token = url.searchParams.get('token')!;
    const [body, signature] = token.split('.') as [string, string];
    // The same checkout with a smaller amount, re-encoded but not re-signed.
    const cheaper = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body, 'base64url').toString()),
        amountPaise: 100,
      }),
    ).toString('base64url');
    const foreign = new SandboxPaymentProvider({
      secret: 'another-sandbox-secret-of-32-characters!',
      approvalPageUrl: checkout.approvalUrl,
    });
    const foreignToken = new URL(
      (await foreign.createCheckout(request())).approvalUrl,
    ).searchParams.get('token')!;
    for (const forged of [
      `${cheaper}.${signature}`,
      `${body}.${signature.slice(0, -1)}`,
      `${body}.${signature}.extra`,
      `${body}.`,
      body,
      foreignToken,
    ]) {
      url.searchParams.set('token', forged);
      const page = await fetch(url);
      expect(page.status, forged).toBe(400);
      expect(await page.text()).toContain('This sandbox checkout link is not valid.');
      expect((await post(url.toString(), { token: forged, decision: 'approve' })).status).toBe(400);
    }
    url.searchParams.delete('token');
    expect((await fetch(url)).status).toBe(400);
    expect((await pages.sandbox.fetchOutcome(checkout.providerReference)).kind).toBe('pending');
  });

  it('keeps the query of the return URL and ignores parameters it did not sign', async () => {
    const input = request({ returnUrl: `${RETURN_URL}?via=sandbox` });
    const checkout = await pages.sandbox.createCheckout(input);
    const query = await settleInBrowser(checkout.approvalUrl, { decision: 'approve' });
    expect(query.via).toBe('sandbox');
    expect(await pages.sandbox.verifyReturn({ ...query, via: 'anything' })).toMatchObject({
      kind: 'approved',
      paymentId: input.paymentId,
      amountPaise: 12_500,
    });
  });

  it('does not accept an outcome signed by another sandbox', async () => {
    const other = await startPageServer();
    try {
      const elsewhere = new SandboxPaymentProvider({
        secret: 'another-sandbox-secret-of-32-characters!',
        approvalPageUrl: `${other.base}${MOUNT}`,
      });
      const checkout = await other.sandbox.createCheckout(request());
      const query = await settleInBrowser(checkout.approvalUrl, { decision: 'approve' });
      await expect(elsewhere.verifyReturn(query)).rejects.toBeInstanceOf(PaymentSignatureError);
      await expect(other.sandbox.verifyReturn(query)).resolves.toMatchObject({ kind: 'approved' });
    } finally {
      await other.stop();
    }
  });

  it('answers only its own path and methods, and only urlencoded forms of a sane size', async () => {
    const checkout = await pages.sandbox.createCheckout(request());
    const token = new URL(checkout.approvalUrl).searchParams.get('token')!;
    expect((await fetch(`${pages.base}${MOUNT}/other`)).status).toBe(404);
    expect((await fetch(checkout.approvalUrl, { method: 'PUT' })).status).toBe(405);
    const asJson = await fetch(checkout.approvalUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, decision: 'approve' }),
    });
    expect(asJson.status).toBe(415);
    const huge = await post(checkout.approvalUrl, {
      token,
      decision: 'approve',
      padding: 'x'.repeat(20_000),
    });
    expect(huge.status).toBe(413);
    expect((await pages.sandbox.fetchOutcome(checkout.providerReference)).kind).toBe('pending');
  });

  it('takes a form already parsed by the framework', async () => {
    // As express.urlencoded() hands it over: arrays when a field repeats.
    const checkout = await pages.sandbox.createCheckout(request());
    const token = new URL(checkout.approvalUrl).searchParams.get('token')!;
    expect((await renderApprovalPage(pages.sandbox, { token: [token] })).status).toBe(200);
    const answer = await settleApprovalForm(pages.sandbox, { token, decision: ['approve'] });
    expect(answer.status).toBe(303);
    expect(answer.headers.Location).toMatch(/^https:\/\/linkcoin\.test\/api\/payment\/return/);
  });

  it('sends no webhooks, so it verifies none', async () => {
    await expect(
      pages.sandbox.verifyWebhook(Buffer.from('{}'), { 'x-razorpay-signature': 'ab' }),
    ).rejects.toBeInstanceOf(PaymentSignatureError);
  });

  it('refuses a checkout it could not return from, and a short secret', async () => {
    await expect(
      pages.sandbox.createCheckout(request({ returnUrl: 'javascript:alert(1)' })),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      pages.sandbox.createCheckout(request({ amountPaise: 12.5 })),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    expect(
      () => new SandboxPaymentProvider({ secret: 'short', approvalPageUrl: pages.base }),
    ).toThrow(/at least 32 characters/);
  });
});
