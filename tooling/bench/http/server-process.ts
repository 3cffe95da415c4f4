// The real embedded runtime for the HTTP measures, in its own process: started like the HTTP
// tests start it, seeded with creators who have saved their profile, then driven by wrk.
import { randomBytes } from 'node:crypto';
import { startTestServer } from '@linkcoin/services/testing/test-server.ts';
import { failToBench, serveBench } from './child.ts';
import { seedCreators, type BenchUser } from './seed.ts';

export type { BenchUser };

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
  const users = await seedCreators(server, USERS);
  serveBench<ServerInfo>(
    {
      url: server.url,
      users,
      settings: `NODE_ENV=${env.NODE_ENV}, LOG_LEVEL=${env.LOG_LEVEL} (JSON, counted and dropped), SQLITE_SYNCHRONOUS=${env.SQLITE_SYNCHRONOUS}`,
    },
    () => server.stop(),
  );
} catch (error) {
  failToBench(error);
}
