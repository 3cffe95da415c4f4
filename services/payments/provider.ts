import { RazorpayPaymentProvider } from '@linkcoin/infra/payments/razorpay.ts';
import {
  SandboxPaymentProvider,
  type SandboxSettlements,
} from '@linkcoin/infra/payments/sandbox.ts';
import type { PaymentProvider } from '@linkcoin/infra/payments/port.ts';
import type { Logger } from 'pino';
import type { AppConfig } from '../platform/config.ts';
import type { Clock } from '../platform/clock.ts';

/** Where the sandbox's approval page is served, outside /api (it is HTML). */
export const SANDBOX_PAGE_PATH = '/sandbox-pay';

/** The provider PAYMENTS chooses, or null when payments are disabled. */
export const openPaymentProvider = (deps: {
  config: AppConfig;
  secret: string;
  publicUrl: () => string;
  clock: Clock;
  logger: Logger;
  /** Where the sandbox keeps its settlements (the payment streams). */
  sandboxSettlements: SandboxSettlements;
}): PaymentProvider | null => {
  const payments = deps.config.payments;
  switch (payments.adapter) {
    case 'disabled':
      return null;
    case 'sandbox':
      return new SandboxPaymentProvider({
        // Its own keys are derived from the secret with their own labels (infra/payments).
        secret: payments.secret ?? deps.secret,
        approvalPageUrl: () => `${deps.publicUrl()}${SANDBOX_PAGE_PATH}`,
        now: () => deps.clock.now(),
        settlements: deps.sandboxSettlements,
      });
    case 'razorpay':
      return new RazorpayPaymentProvider({
        keyId: payments.keyId,
        keySecret: payments.keySecret,
        webhookSecret: payments.webhookSecret,
        apiBaseUrl: payments.apiBaseUrl,
        timeoutMs: payments.timeoutMs,
        logger: deps.logger,
      });
  }
};
