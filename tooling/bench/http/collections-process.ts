// The real embedded runtime for the add-to-list measure, in its own process: brands with coins
// and creators to add are registered here (their e-mail codes come from this process' outbox).
// With BENCH_WORKERS_ROWS=1 the runtime with API workers serves what was seeded
// (workers-runtime.ts).
import { randomBytes } from 'node:crypto';
import {
  adminEnv,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import { grantCoins } from '@linkcoin/services/testing/collections.ts';
import type { BenchUser } from './server-process.ts';
import { serveSeeded } from './workers-runtime.ts';

export type CollectionsServerInfo = Readonly<{
  url: string;
  /**
   * Brands, each with `COINS` LinkCoins. Their body is an add's JSON with a tag for a target,
   * for the bare endpoint (the add requests build theirs from the pair).
   */
  brands: readonly BenchUser[];
  /** Creators' user ids: every (brand, creator) pair can be added once. */
  creators: readonly string[];
  coins: number;
}>;

const BRANDS = Number(process.env.BENCH_COLLECTION_BRANDS ?? 50);
const CREATORS = Number(process.env.BENCH_COLLECTION_CREATORS ?? 200);
const COINS = CREATORS;

/** Runs `make` for 0..count-1, ten at a time. */
const inBatches = async <T>(count: number, make: (n: number) => Promise<T>): Promise<T[]> => {
  const made: T[] = [];
  for (let start = 0; start < count; start += 10) {
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - start) }, (_, i) => make(start + i)),
      )),
    );
  }
  return made;
};

await serveSeeded<CollectionsServerInfo>(
  {
    ...adminEnv,
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    SQLITE_SYNCHRONOUS: process.env.BENCH_SQLITE_SYNCHRONOUS ?? 'FULL',
    SERVE_FRONTENDS: 'false',
    PAYMENTS: 'disabled',
    AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
  },
  async (server) => {
    const admin = await loginAdmin(server);
    const brands: TestUser[] = await inBatches(BRANDS, (n) =>
      registerUser(server, { role: 'user', email: `bench-brand-${n}@example.in` }),
    );
    for (const brand of brands) await grantCoins(server, admin, brand, COINS);
    const creators = await inBatches(CREATORS, (n) =>
      registerUser(server, {
        role: 'influencer',
        ownerName: `Bench Creator ${n}`,
        email: `bench-listed-${n}@example.in`,
      }),
    );
    return {
      url: server.url,
      brands: brands.map((brand) => ({
        userId: brand.userId,
        token: brand.token,
        body: { prefix: `{"userId":"${brand.userId}","targetUserId":"`, suffix: '"}' },
      })),
      creators: creators.map((creator) => creator.userId),
      coins: COINS,
    };
  },
);
