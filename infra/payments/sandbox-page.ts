/**
 * The sandbox's approval page, served by our own server. Framework-free: `renderApprovalPage`
 * and `settleApprovalForm` turn a query or a form into a response, and `sandboxPageHandler`
 * wraps them as a Node request handler that Express mounts as is:
 *
 *     app.use('/sandbox-pay', sandboxPageHandler(sandbox));   // before the front ends
 *
 * GET `?token=…` shows the checkout; POST (a urlencoded form carrying the same signed token)
 * approves or declines it and answers 303 to the checkout's `returnUrl` with signed outcome
 * parameters. The token is the only credential: it is unguessable, bound to one checkout and
 * checked on every request, so the form needs no cookie and a cross-site form cannot settle a
 * checkout it has not seen.
 *
 * The page works under the app's content security policy: no scripts at all, one inline <style>
 * (style-src allows 'unsafe-inline'), forms posting to the same origin (form-action 'self').
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  PAYMENT_FAILURE_CODES,
  PAYMENT_FAILURE_MESSAGES,
  isPaymentFailureCode,
} from '@linkcoin/domain/payments/messages.ts';
import { packageById } from '@linkcoin/domain/wallet/pricing.ts';
import type { SandboxCheckout, SandboxPaymentProvider, SandboxRefusal } from './sandbox.ts';

export type PageResponse = Readonly<{
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}>;

/** A form or query as a framework hands it over (values may be arrays or missing). */
export type FormFields = Readonly<Record<string, unknown>>;

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  // The token is in this page's URL: never send it on as a referrer.
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
} as const;

/** The most a settle form may weigh (a token is well under 2 KB). */
const MAX_FORM_BYTES = 8 * 1024;

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const single = (value: unknown): string | null =>
  typeof value === 'string' ? value : Array.isArray(value) ? single(value[0]) : null;

const rupees = (paise: number): string =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const coinsText = (summary: SandboxCheckout['summary']): string => {
  const paid = `${summary.coins} LinkCoin${summary.coins === 1 ? '' : 's'}`;
  if (summary.bonusCoins === 0) return paid;
  return `${paid} + ${summary.bonusCoins} free (${summary.coins + summary.bonusCoins} in total)`;
};

const packageText = (packageId: SandboxCheckout['summary']['packageId']): string => {
  const pack = packageId ? packageById(packageId) : undefined;
  if (!pack) return 'Custom quantity';
  const name = `${pack.id[0]!.toUpperCase()}${pack.id.slice(1)} package`;
  return pack.mostPopular ? `${name} (most popular)` : name;
};

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d1d1f}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
.banner{background:#fff4ce;border:2px dashed #b58900;padding:.75rem;border-radius:8px;font-weight:600}
h1{font-size:1.4rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.4rem 1rem}
dt{color:#555}dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:1.3rem;font-weight:700}
form{margin-top:1rem;display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
button{padding:.6rem 1.2rem;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.approve{background:#1b7f3b;color:#fff}.decline{background:#b3261e;color:#fff}
select{padding:.5rem;max-width:100%}
`;

const page = (status: number, title: string, content: string): PageResponse => ({
  status,
  headers: PAGE_HEADERS,
  body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · LinkCoin sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner">Sandbox payment: no money moves. This page stands in for a payment provider.</p>
${content}
</main>
</body>
</html>
`,
});

const REFUSALS: Readonly<Record<SandboxRefusal, { status: number; text: string }>> = {
  invalid: { status: 400, text: 'This sandbox checkout link is not valid.' },
  expired: { status: 410, text: 'This sandbox checkout has expired. Please start a new purchase.' },
  settled: { status: 409, text: 'This sandbox checkout has already been settled.' },
  cancelled: { status: 409, text: 'This sandbox checkout was cancelled.' },
};

const refusalPage = (refusal: SandboxRefusal): PageResponse => {
  const { status, text } = REFUSALS[refusal];
  return page(
    status,
    'Checkout unavailable',
    `<h1>Checkout unavailable</h1>\n<p>${escapeHtml(text)}</p>\n<p><a href="/">Back to LinkCoin</a></p>`,
  );
};

const checkoutPage = (token: string, checkout: SandboxCheckout): PageResponse => {
  const amount = rupees(checkout.amountPaise);
  const hiddenToken = `<input type="hidden" name="token" value="${escapeHtml(token)}">`;
  const options = PAYMENT_FAILURE_CODES.map(
    (code) =>
      `<option value="${code}">${code}: ${escapeHtml(PAYMENT_FAILURE_MESSAGES[code])}</option>`,
  ).join('');
  return page(
    200,
    `Approve ${amount}`,
    `<h1>Approve this payment?</h1>
<dl>
<dt>Package</dt><dd>${escapeHtml(packageText(checkout.summary.packageId))}</dd>
<dt>LinkCoins</dt><dd>${escapeHtml(coinsText(checkout.summary))}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(amount)}</dd>
<dt>For</dt><dd>${escapeHtml(checkout.description)}</dd>
<dt>Paying as</dt><dd>${escapeHtml(checkout.customer.name)} (${escapeHtml(checkout.customer.email)})</dd>
<dt>Payment</dt><dd>${escapeHtml(checkout.paymentId)}</dd>
<dt>Valid until</dt><dd>${escapeHtml(new Date(checkout.expiresAt).toISOString())}</dd>
</dl>
<form method="post">${hiddenToken}<input type="hidden" name="decision" value="approve">
<button type="submit" class="approve">Approve ${escapeHtml(amount)}</button>
</form>
<form method="post">${hiddenToken}<input type="hidden" name="decision" value="decline">
<label for="code">Decline with</label>
<select id="code" name="code">${options}</select>
<button type="submit" class="decline">Decline</button>
</form>`,
  );
};

/** GET: the checkout the token describes, or why it cannot be paid. */
export const renderApprovalPage = async (
  sandbox: SandboxPaymentProvider,
  query: FormFields,
): Promise<PageResponse> => {
  const token = single(query.token);
  if (!token) return refusalPage('invalid');
  const opened = await sandbox.open(token);
  return opened.ok ? checkoutPage(token, opened.checkout) : refusalPage(opened.refusal);
};

/** POST: approve or decline once; 303 to the checkout's returnUrl with the signed outcome. */
export const settleApprovalForm = async (
  sandbox: SandboxPaymentProvider,
  form: FormFields,
): Promise<PageResponse> => {
  const token = single(form.token);
  if (!token) return refusalPage('invalid');
  const decision = single(form.decision);
  const code = single(form.code);
  let settled;
  if (decision === 'approve') {
    settled = await sandbox.settle(token, { kind: 'approve' });
  } else if (decision === 'decline' && code && isPaymentFailureCode(code)) {
    settled = await sandbox.settle(token, { kind: 'decline', code });
  } else {
    return page(
      400,
      'Choose an answer',
      '<h1>Choose an answer</h1>\n<p>Approve the payment, or decline it with one of the listed failure codes.</p>',
    );
  }
  if (!settled.ok) return refusalPage(settled.refusal);
  return {
    status: 303,
    headers: { Location: settled.redirectUrl, 'Cache-Control': 'no-store' },
    body: '',
  };
};

const readForm = async (req: IncomingMessage): Promise<FormFields | 'too_large' | 'bad_type'> => {
  // Express's urlencoded parser may have run already.
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (parsed && typeof parsed === 'object' && !Buffer.isBuffer(parsed)) {
    return parsed as FormFields;
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return 'bad_type';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return 'too_large';
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
};

const send = (res: ServerResponse, response: PageResponse, head = false) => {
  res.statusCode = response.status;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.end(head ? undefined : response.body);
};

/**
 * The page as a Node request handler (Express mounts it with `app.use(path, handler)`, which
 * strips the mount path). Anything but the mount root goes to `next` (or 404 without one).
 */
export const sandboxPageHandler =
  (sandbox: SandboxPaymentProvider) =>
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void => {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    if (url.pathname !== '/' && url.pathname !== '') {
      if (next) next();
      else send(res, { status: 404, headers: PAGE_HEADERS, body: 'Not found' });
      return;
    }
    const failed = (error: unknown) => {
      if (next) next(error);
      else send(res, { status: 500, headers: PAGE_HEADERS, body: 'Something went wrong' });
    };
    if (req.method === 'GET' || req.method === 'HEAD') {
      renderApprovalPage(sandbox, Object.fromEntries(url.searchParams)).then(
        (page) => send(res, page, req.method === 'HEAD'),
        failed,
      );
      return;
    }
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'GET, HEAD, POST');
      send(res, { status: 405, headers: PAGE_HEADERS, body: 'Method not allowed' });
      return;
    }
    readForm(req)
      .then(
        async (form) => {
          if (form === 'too_large') {
            send(res, { status: 413, headers: PAGE_HEADERS, body: 'Form too large' });
          } else if (form === 'bad_type') {
            send(res, { status: 415, headers: PAGE_HEADERS, body: 'Send a urlencoded form' });
          } else {
            send(res, await settleApprovalForm(sandbox, form));
          }
        },
        (error: unknown) => {
          if (next) next(error);
          else send(res, { status: 400, headers: PAGE_HEADERS, body: 'Bad request' });
        },
      )
      .catch(failed);
  };
