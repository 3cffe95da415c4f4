// The creators the HTTP measures drive: registered through the API, each with a saved profile,
// and the body a re-save of that profile sends (for the wrk scripts, wrk.ts).
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { registerUser, type ServerAt } from '@linkcoin/services/testing/accounts.ts';
import { creatorWizard } from '@linkcoin/services/testing/profiles.ts';

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

/** How many creators a bench server seeds (BENCH_USERS, 50 unless set). */
export const BENCH_USERS = Number(process.env.BENCH_USERS ?? 50);

/**
 * The environment of a bench server: the product's defaults in production mode, except what a
 * load generator on one address would trip over (the per-address sign-in limit).
 */
export const benchServerEnv = () => ({
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  SQLITE_SYNCHRONOUS: process.env.BENCH_SQLITE_SYNCHRONOUS ?? 'FULL',
  SERVE_FRONTENDS: 'false',
  AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
});

/** Registers `count` creators ten at a time, each saving a profile once. */
export const seedCreators = async (server: ServerAt, count: number): Promise<BenchUser[]> => {
  const users: BenchUser[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, async (_, i) => {
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
  return users;
};
