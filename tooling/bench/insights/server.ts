// The real embedded runtime for the insights measure, in its own process, with the analytics
// recorder on or off (ANALYTICS_RECORDING from the bench): creators with saved profiles, read
// by wrk through the directory search and the profile read.
import { randomBytes } from 'node:crypto';
import { registerUser } from '@linkcoin/services/testing/accounts.ts';
import { creatorWizard, saveProfile } from '@linkcoin/services/testing/profiles.ts';
import { startTestServer } from '@linkcoin/services/testing/test-server.ts';
import { failToBench, serveBench } from '../http/child.ts';
import type { BenchUser } from '../http/server-process.ts';

export type InsightsServerInfo = Readonly<{
  url: string;
  recording: boolean;
  users: readonly BenchUser[];
}>;

const USERS = Number(process.env.BENCH_INSIGHTS_USERS ?? 20);
const recording = process.env.ANALYTICS_RECORDING !== 'off';

try {
  const server = await startTestServer({
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      SQLITE_SYNCHRONOUS: 'FULL',
      SERVE_FRONTENDS: 'false',
      AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
      DIRECTORY_VISITOR_REQUESTS_PER_MINUTE: '100000',
      DIRECTORY_MEMBER_REQUESTS_PER_MINUTE: '100000',
      ANALYTICS_RECORDING: recording ? 'on' : 'off',
    },
  });
  const users: BenchUser[] = [];
  for (let i = 0; i < USERS; i++) {
    const ownerName = `Bench Creator ${i}`;
    const user = await registerUser(server, {
      role: 'influencer',
      ownerName,
      email: `bench-insights-${i}@example.in`,
    });
    await saveProfile(server, user, creatorWizard({ ownerName })).expect(200);
    users.push({ userId: user.userId, token: user.token, body: { prefix: '', suffix: '' } });
  }
  serveBench<InsightsServerInfo>({ url: server.url, recording, users }, () => server.stop());
} catch (error) {
  failToBench(error);
}
