import { accountDecider, accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { currentName } from '@linkcoin/domain/profiles/names.ts';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { sandboxPageHandler } from '@linkcoin/infra/payments/sandbox-page.ts';
import type { PaymentOutcome } from '@linkcoin/infra/payments/port.ts';
import { SandboxPaymentProvider } from '@linkcoin/infra/payments/sandbox.ts';
import type { BoundedContext } from '../platform/context.ts';
import { createClientKeys } from '../platform/http/idempotency.ts';
import { purchaseCredits } from './credits.ts';
import { paymentReceipts } from './receipts.ts';
import { paymentEndpoints } from './endpoints.ts';
import { paymentExpiry } from './expiry.ts';
import { paymentHandlers } from './handlers.ts';
import { openPaymentProvider, SANDBOX_PAGE_PATH } from './provider.ts';

/**
 * Payments: LinkCoins bought through a provider (the sandbox, or Razorpay Payment Links). A
 * payment is confirmed only by the provider's signed return or webhook; the credits process then
 * credits the wallet of the user who started it, once.
 */
export const paymentsContext: BoundedContext = {
  name: 'payments',
  projections: [],
  security: new URL('./security.ts', import.meta.url),
  create: ({ config, clock, commands, logger, secrets, publicUrl, mailer }) => {
    const log = logger.child({ component: 'payments' });
    // The sandbox's settlements live in the payment streams, through the handlers made below.
    const settlements = {
      recall: (checkout: { ref: string; paymentId: string }) => payments.recall(checkout),
      record: (outcome: PaymentOutcome) => payments.recordSettlement(outcome, clock.now()),
    };
    const provider = openPaymentProvider({
      config,
      secret: secrets.jwtSecret,
      publicUrl,
      clock,
      logger: log,
      sandboxSettlements: settlements,
    });
    const payments = paymentHandlers({ commands, provider, publicUrl, logger: log });
    const buyerName = async (userId: string) => {
      const [{ state: profile }, { state: account }] = await Promise.all([
        commands.load(profileDecider, profileStreamId(userId)),
        commands.load(accountDecider, accountStreamId(userId)),
      ]);
      return account.status === 'active' ? currentName(account, profile) : '';
    };
    return {
      endpoints: paymentEndpoints({
        payments,
        keys: createClientKeys(commands, clock),
        clock,
        logger: log,
        buyerName,
      }),
      processes: [
        purchaseCredits({ commands, logger: log }),
        paymentReceipts({
          commands,
          mailer,
          logger: log,
          buyerName,
          walletUrl: () => `${publicUrl()}/wallet`,
          clock,
        }),
        paymentExpiry({ payments, logger: log, tickMs: config.processes.tickMs }),
      ],
      pages:
        provider instanceof SandboxPaymentProvider
          ? [{ path: SANDBOX_PAGE_PATH, handler: sandboxPageHandler(provider) }]
          : [],
    };
  },
};
