import { describe, expect, it } from 'vitest';
import {
  MAX_POLLS,
  POLL_INTERVAL_MS,
  failureScreenOf,
  paymentPollDelay,
  paymentTitle,
  resultPathOf,
  stageOf,
  supportMailto,
  walletShowsPurchase,
} from './payment-result';

const failure = (query: string) => failureScreenOf(new URLSearchParams(query));

describe('the failure screen (docs/product-spec.md sections 2 and 8)', () => {
  it('shows the message of every failure code, word for word', () => {
    expect(failure('id=pay-1&code=INSUFFICIENT_FUNDS').message).toBe(
      'Your payment was declined due to insufficient funds.',
    );
    expect(failure('id=pay-1&code=CARD_DECLINED').message).toBe(
      'Your card was declined by the issuer.',
    );
    expect(failure('id=pay-1&code=EXPIRED_CARD').message).toBe('The card you used has expired.');
    expect(failure('id=pay-1&code=UNKNOWN_ERROR').message).toBe(
      'We encountered an issue processing your payment.',
    );
  });

  it('reads a missing code as UNKNOWN_ERROR', () => {
    expect(failure('id=pay-1')).toEqual({
      code: 'UNKNOWN_ERROR',
      message: 'We encountered an issue processing your payment.',
      transactionId: 'pay-1',
    });
    expect(failure('id=pay-1&code=').message).toBe(
      'We encountered an issue processing your payment.',
    );
  });

  it('gives any other code the generic message', () => {
    for (const code of ['GATEWAY_TIMEOUT', 'card_declined', 'toString', '__proto__', '<b>x</b>']) {
      expect(failure(`code=${encodeURIComponent(code)}`).message).toBe(
        'Your payment could not be processed at this time.',
      );
    }
  });

  it('shows the transaction id from the query, or none', () => {
    expect(failure('id=pay-42&code=CARD_DECLINED').transactionId).toBe('pay-42');
    expect(failure('code=CARD_DECLINED').transactionId).toBeNull();
  });
});

describe('supportMailto', () => {
  it('writes to support about the payment', () => {
    expect(supportMailto('pay-1')).toBe('mailto:support@linkcoin.in?subject=Payment%20pay-1');
    expect(supportMailto(null)).toBe('mailto:support@linkcoin.in?subject=Payment%20help');
  });
});

describe('following a payment', () => {
  const view = (status: 'pending' | 'approved' | 'failed' | 'expired', credited = false) => ({
    id: 'pay 1',
    status,
    credited,
    failureCode: status === 'failed' ? 'CARD_DECLINED' : null,
  });

  it('names its stage', () => {
    expect(stageOf(view('pending'))).toBe('confirming');
    expect(stageOf(view('approved'))).toBe('crediting');
    expect(stageOf(view('approved', true))).toBe('credited');
    expect(stageOf(view('failed'))).toBe('failed');
    expect(stageOf(view('expired'))).toBe('expired');
  });

  it('polls only while it is being confirmed or credited, and not forever', () => {
    expect(paymentPollDelay(view('pending'), 0)).toBe(POLL_INTERVAL_MS);
    expect(paymentPollDelay(view('approved'), 3)).toBe(POLL_INTERVAL_MS);
    expect(paymentPollDelay(view('approved', true), 3)).toBe(false);
    expect(paymentPollDelay(view('failed'), 3)).toBe(false);
    expect(paymentPollDelay(view('expired'), 3)).toBe(false);
    expect(paymentPollDelay(undefined, 0)).toBe(false);
    expect(paymentPollDelay(view('pending'), MAX_POLLS)).toBe(false);
  });

  it('leads to the screen of its state', () => {
    expect(resultPathOf(view('approved'))).toBe('/payment-success?id=pay%201');
    expect(resultPathOf(view('failed'))).toBe('/payment-failure?id=pay%201&code=CARD_DECLINED');
    expect(resultPathOf(view('pending'))).toBe('/payment?id=pay%201');
    expect(resultPathOf(view('expired'))).toBe('/payment?id=pay%201');
  });
});

describe('paymentTitle', () => {
  it('names a package with its free coins, a custom quantity by its coins', () => {
    expect(paymentTitle({ coins: 25, bonusCoins: 5 })).toBe('25 + 5 LinkCoins');
    expect(paymentTitle({ coins: 12, bonusCoins: 0 })).toBe('12 LinkCoins');
  });
});

describe('walletShowsPurchase', () => {
  const line = (kind: 'purchase' | 'grant', paymentId: string | null) => ({
    id: `e-${kind}-${paymentId}`,
    userId: 'u-1',
    at: '2026-03-12T10:35:00.000Z',
    kind,
    coins: 30,
    balanceAfter: 30,
    paymentId,
    reason: null,
    by: null,
    targetUserId: null,
    correlationId: 'c-1',
    revision: 0,
    packageId: null,
    bonusCoins: 0,
    targetName: null,
  });

  it("is true once the wallet lists this payment's purchase", () => {
    expect(
      walletShowsPurchase({ entries: [line('grant', null), line('purchase', 'pay-1')] }, 'pay-1'),
    ).toBe(true);
    expect(walletShowsPurchase({ entries: [line('purchase', 'pay-0')] }, 'pay-1')).toBe(false);
    expect(walletShowsPurchase({ entries: [] }, 'pay-1')).toBe(false);
    expect(walletShowsPurchase(undefined, 'pay-1')).toBe(false);
  });
});
