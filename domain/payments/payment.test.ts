import { describe, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { PAYMENT_MESSAGES as M } from './messages.ts';
import {
  paymentDecider,
  type ApprovePayment,
  type ExpirePayment,
  type FailPayment,
  type PaymentApproved,
  type PaymentStarted,
  type StartPayment,
} from './payment.ts';

const given = DeciderSpecification.for(paymentDecider);
const now = new Date('2026-01-15T10:00:00.000Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const startData: StartPayment['data'] = {
  paymentId: 'pay-1',
  userId: 'brand-1',
  packageId: 'growth',
  coins: 25,
  bonusCoins: 5,
  rupees: 125,
  amountPaise: 12_500,
  provider: 'razorpay',
  providerReference: 'plink_1',
  approvalUrl: 'https://rzp.io/i/abc',
  expiresAt: later(30).toISOString(),
};
const start: StartPayment = { type: 'StartPayment', data: startData, metadata: testMetadata() };
const started: PaymentStarted = {
  type: 'PaymentStarted',
  data: { ...startData, startedAt: now.toISOString() },
};
const approve = (
  amountPaise = 12_500,
  providerReference = 'plink_1',
  minutes = 2,
): ApprovePayment => ({
  type: 'ApprovePayment',
  data: { providerReference, providerPaymentId: 'pay_X', amountPaise, via: 'webhook' },
  metadata: testMetadata({ now: later(minutes) }),
});
const approved = (late = false, minutes = 2): PaymentApproved => ({
  type: 'PaymentApproved',
  data: {
    paymentId: 'pay-1',
    userId: 'brand-1',
    providerPaymentId: 'pay_X',
    amountPaise: 12_500,
    via: 'webhook',
    late,
    at: later(minutes).toISOString(),
  },
});
const fail = (code: FailPayment['data']['code'] = 'CARD_DECLINED'): FailPayment => ({
  type: 'FailPayment',
  data: { providerReference: 'plink_1', code, via: 'callback' },
  metadata: testMetadata({ now: later(1) }),
});
const failed = {
  type: 'PaymentFailed' as const,
  data: {
    paymentId: 'pay-1',
    userId: 'brand-1',
    code: 'CARD_DECLINED' as const,
    via: 'callback' as const,
    at: later(1).toISOString(),
  },
};
const expire = (minutes: number): ExpirePayment => ({
  type: 'ExpirePayment',
  data: {},
  metadata: testMetadata({ now: later(minutes) }),
});
const expired = {
  type: 'PaymentExpired' as const,
  data: { paymentId: 'pay-1', userId: 'brand-1', at: later(31).toISOString() },
};

describe('a payment', () => {
  it('starts with the price the server set', () => {
    given([]).when(start).then(started);
  });

  it('cannot be started twice', () => {
    given([started]).when(start).thenRefused('conflict', M.alreadyStarted);
  });

  it('is approved by a confirmation for its own reference and amount', () => {
    given([started]).when(approve()).then(approved());
  });

  it('counts a repeated confirmation once', () => {
    given([started, approved()]).when(approve()).thenNothingHappens();
  });

  it('refuses a confirmation of another amount or another checkout', () => {
    given([started]).when(approve(100)).thenRefused('validation', M.amountMismatch);
    given([started])
      .when(approve(12_500, 'plink_other'))
      .thenRefused('validation', M.referenceMismatch);
  });

  it('refuses confirmations of a payment nobody started', () => {
    given([]).when(approve()).thenRefused('not_found', M.notFound);
    given([]).when(fail()).thenRefused('not_found', M.notFound);
  });

  it('fails with the failure code while pending', () => {
    given([started]).when(fail()).then(failed);
  });

  it('is never undone by a failure once approved', () => {
    given([started, approved()]).when(fail()).thenNothingHappens();
  });

  it('expires when left unpaid past its time, and not before', () => {
    given([started]).when(expire(29)).thenNothingHappens();
    given([started]).when(expire(31)).then(expired);
    given([started, approved()]).when(expire(31)).thenNothingHappens();
  });

  it('still counts money the provider took after it expired or failed here', () => {
    given([started, expired])
      .when(approve(12_500, 'plink_1', 40))
      .then(approved(true, 40));
    given([started, failed])
      .when(approve(12_500, 'plink_1', 40))
      .then(approved(true, 40));
  });

  it('keeps a declined or expired sandbox checkout so: no late approval', () => {
    const inSandbox: PaymentStarted = {
      type: 'PaymentStarted',
      data: { ...started.data, provider: 'sandbox' },
    };
    given([inSandbox, failed])
      .when(approve(12_500, 'plink_1', 40))
      .thenNothingHappens();
    given([inSandbox, expired])
      .when(approve(12_500, 'plink_1', 40))
      .thenNothingHappens();
    given([inSandbox])
      .when(approve(12_500, 'plink_1', 2))
      .then(approved(false, 2));
  });
});

describe('the receipt', () => {
  const sendReceipt = {
    type: 'SendReceipt' as const,
    data: {},
    metadata: testMetadata({ now: later(3) }),
  };
  const sent = {
    type: 'PaymentReceiptSent' as const,
    data: { paymentId: 'pay-1', userId: 'brand-1', at: later(3).toISOString() },
  };

  it('is claimed once, and only for an approved payment', () => {
    given([started, approved()]).when(sendReceipt).then([sent]);
    given([started, approved(), sent]).when(sendReceipt).thenNothingHappens();
    given([started]).when(sendReceipt).thenNothingHappens();
  });
});
