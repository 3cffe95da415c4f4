// The real embedded runtime for the HTTP measures, in its own process: started like the HTTP
// tests start it, seeded with creators who have saved their profile, then driven by wrk.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { registerUser } from '../../testing/accounts.ts';
import { creatorWizard } from '../../testing/profiles.ts';
import { startTestServer } from '../../testing/test-server.ts';
import { failToBench, serveBench } from './child.ts';

export type BenchUser = Readonly<{ userId: string; token: string }>;
export type ServerInfo = Readonly<{ url: string; users: readonly BenchUser[]; settings: string }>;

const USERS = Number(process.env.BENCH_USERS ?? 50);
// The product's defaults, except what a load generator on one address would trip over.
const env = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  SQLITE_SYNCHRONOUS: process.env.BENCH_SQLITE_SYNCHRONOUS ?? 'FULL',
  SERVE_FRONTENDS: 'false',
  AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
};

try {
  const server = await startTestServer({ env });
  const users: BenchUser[] = [];
  for (let start = 0; start < USERS; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, USERS - start) }, async (_, i) => {
        const user = await registerUser(server, {
          role: 'influencer',
          ownerName: `Bench Creator ${start + i}`,
          email: `bench-creator-${start + i}@example.in`,
        });
        await request(server.url)
          .put(`/api/pageowners/updateUser/${user.userId}`)
          .set('Authorization', `Bearer ${user.token}`)
          .send(creatorWizard({ ownerName: `Bench Creator ${start + i}` }))
          .expect(200);
        return { userId: user.userId, token: user.token };
      }),
    );
    users.push(...batch);
  }
  serveBench<ServerInfo>(
    {
      url: server.url,
      users,
      settings: `NODE_ENV=${env.NODE_ENV}, LOG_LEVEL=${env.LOG_LEVEL} (JSON to /dev/null), SQLITE_SYNCHRONOUS=${env.SQLITE_SYNCHRONOUS}`,
    },
    () => server.stop(),
  );
} catch (error) {
  failToBench(error);
}
