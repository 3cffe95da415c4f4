/**
 * One LinkCoin purchase through a payment provider: the `payment-{paymentId}` stream
 * (docs/design.md section 4). It is started with the price the server set, confirmed only by the
 * provider's signed callback or webhook (never by the browser's say-so), and credited to the
 * wallet of the user who started it by a process manager.
 */
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import type { CoinPackageId } from '../wallet/pricing.ts';
import { PAYMENT_MESSAGES as M, type PaymentFailureCode } from './messages.ts';

export const paymentStreamId = (paymentId: string): string => `payment-${paymentId}`;

/** A checkout left unpaid this long expires (the provider's link is cancelled too). */
export const PAYMENT_VALIDITY_MS = 30 * 60 * 1000;

export type PaymentProviderName = 'sandbox' | 'razorpay';

/**
 * Whether a provider may capture money after it reported a failure or after our checkout
 * expired, so that a late approval still counts. Razorpay can (a payment link stays payable
 * after one failed attempt; a capture may arrive after the link's expiry). The sandbox settles
 * each checkout once, for good: a late approval of a sandbox checkout is never money taken.
 */
export const capturesAfterFailure = (provider: PaymentProviderName): boolean =>
  provider === 'razorpay';
/** How an outcome reached us. */
export type PaymentChannel = 'callback' | 'webhook' | 'reconciliation';

export type PaymentStarted = Event<
  'PaymentStarted',
  {
    paymentId: string;
    userId: string;
    packageId: CoinPackageId | null;
    coins: number;
    bonusCoins: number;
    rupees: number;
    amountPaise: number;
    provider: PaymentProviderName;
    /** The provider's id of the checkout (a Razorpay payment link id). */
    providerReference: string;
    /** Where the browser approves the payment: the spec's `approvalURL`. */
    approvalUrl: string;
    startedAt: string;
    expiresAt: string;
  }
>;

export type PaymentApproved = Event<
  'PaymentApproved',
  {
    paymentId: string;
    userId: string;
    providerPaymentId: string | null;
    amountPaise: number;
    via: PaymentChannel;
    /** Approved after it had expired or failed here: the provider took the money, so it counts. */
    late: boolean;
    at: string;
  }
>;

export type PaymentFailed = Event<
  'PaymentFailed',
  { paymentId: string; userId: string; code: PaymentFailureCode; via: PaymentChannel; at: string }
>;

export type PaymentExpired = Event<
  'PaymentExpired',
  { paymentId: string; userId: string; at: string }
>;

/** The buyer's receipt for an approved payment was claimed for mailing (once per payment). */
export type PaymentReceiptSent = Event<
  'PaymentReceiptSent',
  { paymentId: string; userId: string; at: string }
>;

export type PaymentEvent =
  PaymentStarted | PaymentApproved | PaymentFailed | PaymentExpired | PaymentReceiptSent;

export type StartPayment = Command<'StartPayment', Omit<PaymentStarted['data'], 'startedAt'>>;
export type ApprovePayment = Command<
  'ApprovePayment',
  {
    providerReference: string;
    providerPaymentId: string | null;
    /** What the provider says was paid; must be this payment's amount. */
    amountPaise: number;
    via: PaymentChannel;
  }
>;
export type FailPayment = Command<
  'FailPayment',
  { providerReference: string; code: PaymentFailureCode; via: PaymentChannel }
>;
export type ExpirePayment = Command<'ExpirePayment', Record<string, never>>;
/** Claims the receipt of an approved payment: answers the event once, nothing after. */
export type SendReceipt = Command<'SendReceipt', Record<string, never>>;
export type PaymentCommand =
  StartPayment | ApprovePayment | FailPayment | ExpirePayment | SendReceipt;

export type PaymentStatus = 'pending' | 'approved' | 'failed' | 'expired';

export type PaymentState =
  | Readonly<{ status: 'none' }>
  | Readonly<
      Omit<PaymentStarted['data'], 'paymentId'> & {
        paymentId: string;
        status: PaymentStatus;
        failureCode: PaymentFailureCode | null;
        settledAt: string | null;
        /** When the receipt was mailed, once approved. */
        receiptSentAt?: string;
      }
    >;

type StartedState = Exclude<PaymentState, { status: 'none' }>;

const started = (state: PaymentState): StartedState => {
  if (state.status === 'none') throw new DomainError('not_found', M.notFound);
  return state;
};

const sameReference = (state: StartedState, reference: string) => {
  if (state.providerReference !== reference) {
    throw new DomainError('validation', M.referenceMismatch);
  }
};

const decide = (command: PaymentCommand, state: PaymentState): PaymentEvent | PaymentEvent[] => {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'StartPayment': {
      if (state.status !== 'none') throw new DomainError('conflict', M.alreadyStarted);
      return { type: 'PaymentStarted', data: { ...command.data, startedAt: at } };
    }
    case 'ApprovePayment': {
      const payment = started(state);
      sameReference(payment, command.data.providerReference);
      if (payment.status === 'approved') return []; // a repeated confirmation: already counted
      // Declined or expired stays so where no money can have been taken since.
      if (payment.status !== 'pending' && !capturesAfterFailure(payment.provider)) return [];
      if (command.data.amountPaise !== payment.amountPaise) {
        throw new DomainError('validation', M.amountMismatch);
      }
      return {
        type: 'PaymentApproved',
        data: {
          paymentId: payment.paymentId,
          userId: payment.userId,
          providerPaymentId: command.data.providerPaymentId,
          amountPaise: command.data.amountPaise,
          via: command.data.via,
          late: payment.status !== 'pending',
          at,
        },
      };
    }
    case 'FailPayment': {
      const payment = started(state);
      sameReference(payment, command.data.providerReference);
      if (payment.status !== 'pending') return []; // settled: an approval is never undone
      return {
        type: 'PaymentFailed',
        data: {
          paymentId: payment.paymentId,
          userId: payment.userId,
          code: command.data.code,
          via: command.data.via,
          at,
        },
      };
    }
    case 'SendReceipt': {
      const payment = started(state);
      if (payment.status !== 'approved' || payment.receiptSentAt !== undefined) return [];
      return {
        type: 'PaymentReceiptSent',
        data: { paymentId: payment.paymentId, userId: payment.userId, at },
      };
    }
    case 'ExpirePayment': {
      const payment = started(state);
      if (payment.status !== 'pending') return [];
      if (Date.parse(payment.expiresAt) > command.metadata.now.getTime()) return [];
      return {
        type: 'PaymentExpired',
        data: { paymentId: payment.paymentId, userId: payment.userId, at },
      };
    }
  }
};

const evolve = (state: PaymentState, event: PaymentEvent): PaymentState => {
  switch (event.type) {
    case 'PaymentStarted':
      return { ...event.data, status: 'pending', failureCode: null, settledAt: null };
    case 'PaymentApproved':
      return { ...started(state), status: 'approved', failureCode: null, settledAt: event.data.at };
    case 'PaymentFailed':
      return {
        ...started(state),
        status: 'failed',
        failureCode: event.data.code,
        settledAt: event.data.at,
      };
    case 'PaymentExpired':
      return { ...started(state), status: 'expired', settledAt: event.data.at };
    case 'PaymentReceiptSent':
      return { ...started(state), receiptSentAt: event.data.at };
  }
};

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
