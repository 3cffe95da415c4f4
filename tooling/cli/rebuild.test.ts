import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../services/platform/config.ts';
import { adminEnv, loginAdmin, registerUser } from '../../services/testing/accounts.ts';
import { creatorWizard, saveProfile } from '../../services/testing/profiles.ts';
import { startTestServer } from '../../services/testing/test-server.ts';

const run = promisify(execFile);
const rebuild = (dataDir: string, ...names: string[]) =>
  run(process.execPath, [join(REPO_ROOT, 'tooling/cli/rebuild.ts'), ...names], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      LOG_FORMAT: 'json',
    },
  });

describe('make rebuild', () => {
  it('drops and replays the read models to the same answers, and refuses while a server runs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-rebuild-'));
    try {
      const server = await startTestServer({ dataDir, env: adminEnv });
      const creator = await registerUser(server, { role: 'influencer', ownerName: 'Rebuild Me' });
      await saveProfile(server, creator, creatorWizard()).expect(200);
      const admin = await loginAdmin(server);
      const before = {
        users: (
          await request(server.url)
            .get('/api/admin/user-overviews')
            .set('Authorization', `Bearer ${admin.token}`)
        ).body,
        profile: (await request(server.url).get(`/api/pageowners/user/${creator.userId}`)).body,
        directory: (await request(server.url).get('/api/pageowners/users?search=asha')).body,
        figures: (
          await request(server.url)
            .get('/api/admin/figures?days=7')
            .set('Authorization', `Bearer ${admin.token}`)
        ).body,
      };
      expect(before.figures.totals).toMatchObject({ creatorSignUps: 1 });
      expect(before.directory.data.map((item: { _id: string }) => item._id)).toEqual([
        creator.userId,
      ]);

      // The running server holds the data directory: a rebuild now would write behind its back.
      await expect(rebuild(dataDir)).rejects.toMatchObject({
        stderr: expect.stringContaining('is in use by process'),
      });
      await server.stop();

      const all = await rebuild(dataDir);
      expect(all.stdout).toMatch(
        /^Rebuilt profiles, otp-records, handle-claims, wallets, collections, messaging, saved-searches, audit-payments, audit-connections, audit-users, audit-figures, directory, recommendations, insights from the event log/m,
      );
      const one = await rebuild(dataDir, 'profiles');
      expect(one.stdout).toMatch(/^Rebuilt profiles from/m);
      await expect(rebuild(dataDir, 'accounts')).rejects.toMatchObject({
        stderr: expect.stringContaining('The read model accounts was retired'),
      });
      await expect(rebuild(dataDir, 'no-such-model')).rejects.toMatchObject({
        stderr: expect.stringContaining('Unknown read model: no-such-model'),
      });

      const again = await startTestServer({ dataDir });
      const adminAgain = await loginAdmin(again);
      expect(
        (
          await request(again.url)
            .get('/api/admin/user-overviews')
            .set('Authorization', `Bearer ${adminAgain.token}`)
        ).body,
      ).toEqual(before.users);
      expect((await request(again.url).get(`/api/pageowners/user/${creator.userId}`)).body).toEqual(
        before.profile,
      );
      expect((await request(again.url).get('/api/pageowners/users?search=asha')).body).toEqual(
        before.directory,
      );
      expect(
        (
          await request(again.url)
            .get('/api/admin/figures?days=7')
            .set('Authorization', `Bearer ${adminAgain.token}`)
        ).body,
      ).toEqual(before.figures);
      await again.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
