// The real embedded runtime for the HTTP measures, in its own process: started like the HTTP
// tests start it, seeded with creators who have saved their profile, then driven by wrk.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { registerUser } from '@linkcoin/services/testing/accounts.ts';
import { creatorWizard } from '@linkcoin/services/testing/profiles.ts';
import { startTestServer } from '@linkcoin/services/testing/test-server.ts';
import { failToBench, serveBench } from './child.ts';

/** A creator whose profile is saved, and the body a re-save sends split where a tag goes. */
export type BenchUser = Readonly<{
  userId: string;
  token: string;
  body: Readonly<{ prefix: string; suffix: string }>;
}>;

/** Where the bench puts a tag unique to each request (in the description). */
export const TAG = '@@TAG@@';

type SavedProfile = {
  profileDetails: { id: string; platform: string; profileName: string }[];
  pastPosts: { id: string; postLink: string }[];
};

/**
 * The wizard as the browser sends it when a saved profile is edited and saved again: the same
 * values with the ids the server gave the accounts and posts, and a new description.
 */
const resaveBody = (ownerName: string, saved: SavedProfile) => {
  const wizard = creatorWizard({ ownerName, description: `Saved by the bench, request ${TAG}` });
  const body = {
    ...wizard,
    profileDetails: wizard.profileDetails?.map((account) => ({
      id: saved.profileDetails.find(
        (s) => s.platform === account.platform && s.profileName === account.profileName,
      )?.id,
      ...account,
    })),
    pastPosts: wizard.pastPosts?.map((post) => ({
      id: saved.pastPosts.find((s) => s.postLink === post.postLink)?.id,
      ...post,
    })),
  };
  const [prefix, suffix] = JSON.stringify(body).split(TAG) as [string, string];
  return { prefix, suffix };
};
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
        const ownerName = `Bench Creator ${start + i}`;
        const user = await registerUser(server, {
          role: 'influencer',
          ownerName,
          email: `bench-creator-${start + i}@example.in`,
        });
        const saved = await request(server.url)
          .put(`/api/pageowners/updateUser/${user.userId}`)
          .set('Authorization', `Bearer ${user.token}`)
          .send(creatorWizard({ ownerName }))
          .expect(200);
        return {
          userId: user.userId,
          token: user.token,
          body: resaveBody(ownerName, saved.body.user as SavedProfile),
        };
      }),
    );
    users.push(...batch);
  }
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
