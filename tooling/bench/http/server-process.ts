// The real embedded runtime for the HTTP measures, in its own process: started like the HTTP
// tests start it, seeded with creators who have saved their profile, then driven by wrk.
import { startTestServer } from '@linkcoin/services/testing/test-server.ts';
import { failToBench, serveBench } from './child.ts';
import { BENCH_USERS, benchServerEnv, seedCreators, type BenchUser } from './seed.ts';

export type { BenchUser };

export type ServerInfo = Readonly<{ url: string; users: readonly BenchUser[]; settings: string }>;

const env = benchServerEnv();

try {
  const server = await startTestServer({ env });
  const users = await seedCreators(server, BENCH_USERS);
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
