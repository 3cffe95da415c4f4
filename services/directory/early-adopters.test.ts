/**
 * The early-adopter badge over HTTP: the first creators to verify an account carry it on the directory's
 * cards and their profile, brands never do, and it is decided by events: `make rebuild` gives the
 * same badges, and a later, smaller rule takes none away.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EARLY_ADOPTERS_STREAM } from '@linkcoin/domain/directory/early-adopters.ts';
import { REPO_ROOT } from '../platform/config.ts';
import { adminEnv, loginAdmin, registerUser, type TestUser } from '../testing/accounts.ts';
import { verifyInstagram } from '../testing/profiles.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const run = promisify(execFile);

const badgeOnProfile = async (server: TestServer, user: TestUser): Promise<boolean> => {
  const answer = await request(server.url).get(`/api/pageowners/user/${user.userId}`).expect(200);
  return answer.body.data.earlyAdopter as boolean;
};

const badgesInDirectory = async (server: TestServer): Promise<Record<string, boolean>> => {
  const answer = await request(server.url)
    .get('/api/pageowners/users?limit=10')
    .set('X-Forwarded-For', '203.0.113.7')
    .expect(200);
  return Object.fromEntries(
    (answer.body.data as { ownerName: string; earlyAdopter: boolean }[]).map((item) => [
      item.ownerName,
      item.earlyAdopter,
    ]),
  );
};

describe('the early-adopter badge', () => {
  let dataDir = '';
  let server: TestServer | null = null;
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const seatHolders = async () =>
    (await server!.runtime.platform.eventStore.readStream(EARLY_ADOPTERS_STREAM)).map(
      (event) => event.data as { userId: string; seat: number },
    );
  const caughtUp = async () => {
    const head = await server!.runtime.platform.eventStore.headPosition();
    expect(await server!.runtime.progress.waitFor(head, 10_000)).toBe(true);
  };
  const verify = async (creator: TestUser, ownerName: string, handle: string) =>
    verifyInstagram(server!, await loginAdmin(server!), creator, handle, { ownerName });

  it('seats the first creators to verify an account, by events a rebuild and a new rule keep', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-early-'));
    server = await startTestServer({ dataDir, env: { ...adminEnv, EARLY_ADOPTER_SEATS: '2' } });
    const first = await registerUser(server, { role: 'influencer', ownerName: 'Asha First' });
    const brand = await registerUser(server, { role: 'user', ownerName: 'Brand Person' });
    const second = await registerUser(server, { role: 'influencer', ownerName: 'Bela Second' });
    const third = await registerUser(server, { role: 'influencer', ownerName: 'Chitra Third' });
    // Signing up takes no seat: a script registering accounts cannot squat the badge.
    await caughtUp();
    expect(await seatHolders()).toEqual([]);
    expect(await badgeOnProfile(server, first)).toBe(false);

    // Chitra verifies first, then Asha, then Bela: the two seats go in that order.
    await verify(third, 'Chitra Third', 'chitra.third');
    await verify(first, 'Asha First', 'asha.first');
    await vi.waitFor(async () => expect(await seatHolders()).toHaveLength(2), {
      timeout: 10_000,
      interval: 50,
    });
    await verify(second, 'Bela Second', 'bela.second');
    await caughtUp();
    expect(await seatHolders()).toEqual([
      expect.objectContaining({ userId: third.userId, seat: 1 }),
      expect.objectContaining({ userId: first.userId, seat: 2 }),
    ]);

    const expected = { 'Asha First': true, 'Bela Second': false, 'Chitra Third': true };
    expect(await badgesInDirectory(server)).toEqual(expected);
    expect(await badgeOnProfile(server, first)).toBe(true);
    expect(await badgeOnProfile(server, second)).toBe(false);
    expect(await badgeOnProfile(server, brand)).toBe(false);

    // `make rebuild` of every read model, the server stopped, then a start with a smaller rule.
    await server.stop();
    server = null;
    await run(process.execPath, [join(REPO_ROOT, 'tooling/cli/rebuild.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    server = await startTestServer({ dataDir, env: { ...adminEnv, EARLY_ADOPTER_SEATS: '1' } });
    const fourth = await registerUser(server, { role: 'influencer', ownerName: 'Dev Fourth' });
    await verify(fourth, 'Dev Fourth', 'dev.fourth');
    await caughtUp();
    expect(await badgesInDirectory(server)).toEqual({ ...expected, 'Dev Fourth': false });
    expect(await badgeOnProfile(server, first)).toBe(true);
    expect(await badgeOnProfile(server, fourth)).toBe(false);
    expect(await seatHolders()).toHaveLength(2);
  });
});
