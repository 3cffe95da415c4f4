import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  purchaseCreditKey,
  walletDecider,
  walletStreamId,
} from '@linkcoin/domain/wallet/wallet.ts';
import { createCommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { BareInfo } from '../http/bare-express.ts';
import { startChild } from '../http/child.ts';
import type { PaymentsServerInfo } from '../http/payments-process.ts';
import { bestOfAlternating, timed, type Measure } from '../measure.ts';
import { withRaw, withStore } from '../raw-sqlite.ts';
import type { Row } from '../table.ts';

const here = join(import.meta.dirname, '..', 'http');

/** Credits 50 users' wallets at once, as the credits process does for approved payments. */
const handlerCredits = (users: number, perUser: number) =>
  withStore('FULL', async (store) => {
    const { handle } = createCommandHandler(store);
    return timed(users * perUser, () =>
      Promise.all(
        Array.from({ length: users }, async (_, user) => {
          for (let i = 0; i < perUser; i++) {
            const paymentId = randomUUID();
            await handle(walletDecider, walletStreamId(`buyer-${user}`), {
              type: 'CreditPurchase',
              data: {
                userId: `buyer-${user}`,
                paymentId,
                packageId: 'growth',
                coins: 25,
                bonusCoins: 5,
                rupees: 125,
              },
              metadata: {
                now: new Date(),
                actorUserId: null,
                correlationId: 'bench',
                causationId: null,
                idempotencyKey: purchaseCreditKey(paymentId),
              },
            });
          }
        }),
      ),
    );
  });

/** The same rows by hand: the latest revision and an INSERT per credit, a transaction a round. */
const rawCredits = (users: number, perUser: number) =>
  withRaw('FULL', (raw) =>
    timed(users * perUser, () => {
      for (let i = 0; i < perUser; i++) {
        raw.transaction(() => {
          for (let user = 0; user < users; user++) {
            const stream = `wallet-buyer-${user}`;
            raw.insert(stream, raw.latestRevision(stream) + 1, 'CoinsPurchased', {
              paymentId: randomUUID(),
              coins: 25,
              bonusCoins: 5,
            });
          }
        });
      }
    }),
  );

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

/**
 * One purchase through the sandbox as a browser makes it: pay, approve on the sandbox page, come
 * back to the shop (the provider's signed confirmation is recorded), then wait until the coins
 * are in the wallet. Answers the milliseconds from the confirmation to the credit.
 */
const purchase = async (
  url: string,
  buyer: PaymentsServerInfo['buyers'][number],
): Promise<number> => {
  const auth = { Authorization: `Bearer ${buyer.token}` };
  const started = await json(
    await fetch(`${url}/api/payment/pay`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: buyer.userId, packageId: 'growth' }),
    }),
  );
  const page = new URL(String(started.approvalURL));
  const settled = await fetch(`${url}${page.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: page.searchParams.get('token') ?? '', decision: 'approve' }),
    redirect: 'manual',
  });
  const back = new URL(settled.headers.get('location') ?? '');
  const confirmedAt = performance.now();
  await fetch(`${url}${back.pathname}${back.search}`, { redirect: 'manual' });
  for (;;) {
    const status = await json(
      await fetch(`${url}/api/payment/${String(started.paymentId)}`, { headers: auth }),
    );
    if ((status.payment as { credited?: boolean } | undefined)?.credited) {
      return performance.now() - confirmedAt;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
};

export const payments: Measure = {
  name: 'Payments and wallets',
  run: async ({ progress }) => {
    progress('wallet credits, 50 users at once');
    const credits = await bestOfAlternating(
      2,
      () => rawCredits(50, 20),
      () => handlerCredits(50, 20),
    );
    const rows: Row[] = [
      {
        measure: 'Wallet credits, 50 users at once (CreditPurchase, FULL)',
        value: credits.value,
        unit: 'credits/s',
        baseline: credits.baseline,
        baselineIs:
          'credits/s: raw node:sqlite SELECT of the latest revision + INSERT, one transaction per round of all users (FULL)',
        better: 'higher',
        // Below the bare command round trips' 0.3: each credit carries an idempotency key (a
        // SHA-256 fingerprint of the command) and folds the wallet's larger state.
        target: 0.15,
        note: 'every credit keyed by its payment, as the credits process sends it',
      },
    ];

    progress(
      'purchase to credit through the sandbox (a server and a bare app in their own processes)',
    );
    const [server, bare] = await Promise.all([
      startChild<PaymentsServerInfo>(join(here, 'payments-process.ts')),
      startChild<BareInfo>(join(here, 'bare-express.ts')),
    ]);
    try {
      const latencies: number[] = [];
      const bareTrips: number[] = [];
      for (let i = 0; i < 200; i++) {
        const buyer = server.info.buyers[i % server.info.buyers.length]!;
        latencies.push(await purchase(server.info.url, buyer));
        const started = performance.now();
        await (await fetch(`${bare.info.url}/ping`)).json();
        bareTrips.push(performance.now() - started);
      }
      latencies.sort((a, b) => a - b);
      bareTrips.sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 100) / 100;
      for (const p of [50, 99] as const) {
        rows.push({
          measure: `Purchase to credit through the sandbox, p${p} (200 purchases)`,
          value: round(percentile(latencies, p)),
          unit: 'ms',
          baseline: round(percentile(bareTrips, p)),
          baselineIs:
            'ms: one round trip to the bare express endpoint, same client, same run, same percentile',
          better: 'lower',
          note: 'from the provider’s signed confirmation reaching the API to the coins being in the wallet (the credits process, then the payment’s view)',
        });
      }
    } finally {
      await Promise.all([server.stop(), bare.stop()]);
    }
    return rows;
  },
};
