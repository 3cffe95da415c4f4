// The real embedded runtime with the payment sandbox, in its own process, for the purchase
// latency measure: buyers are registered here (their codes come from this process' outbox).
import { registerUser } from '@linkcoin/services/testing/accounts.ts';
import { startTestServer } from '@linkcoin/services/testing/test-server.ts';
import { failToBench, serveBench } from './child.ts';

export type PaymentsServerInfo = Readonly<{
  url: string;
  buyers: readonly Readonly<{ userId: string; token: string }>[];
}>;

const BUYERS = 5;

try {
  const server = await startTestServer({
    env: {
      PAYMENTS: 'sandbox',
      SQLITE_SYNCHRONOUS: process.env.BENCH_SQLITE_SYNCHRONOUS ?? 'FULL',
      SERVE_FRONTENDS: 'false',
      LOG_LEVEL: 'warn',
      AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
    },
  });
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, async (_, n) => {
      const user = await registerUser(server, {
        role: 'user',
        email: `bench-buyer-${n}@example.in`,
      });
      return { userId: user.userId, token: user.token };
    }),
  );
  serveBench<PaymentsServerInfo>({ url: server.url, buyers }, () => server.stop());
} catch (error) {
  failToBench(error);
}
