import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@linkcoin/services/platform/config.ts';
import { startTestServer } from '@linkcoin/services/testing/test-server.ts';

const run = promisify(execFile);
const seed = (dataDir: string) =>
  run(process.execPath, [join(REPO_ROOT, 'tooling/cli/seed.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      CREATORS: '4',
      BRANDS: '2',
      DEMO_PASSWORD: 'demo-password-for-tests',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      LOG_FORMAT: 'json',
    },
  });

describe('make seed', () => {
  it('says how to seed an empty directory, then fills it once however often it runs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-seed-'));
    try {
      const empty = await startTestServer({ dataDir });
      expect(empty.runtime.notices.join('\n')).toMatch(/no creators yet.*\n.*`make seed`/);
      await empty.stop();

      const first = await seed(dataDir);
      expect(first.stdout).toMatch(/\(6 new accounts, 0 already there\)/);
      expect(first.stdout).toMatch(/4 creators, \d+ of them verified/);
      expect(first.stdout).toContain('brand brand-01@demo.linkcoin.local with 100 LinkCoins');
      expect(first.stdout).toContain('brand brand-02@demo.linkcoin.local with 50 LinkCoins');
      const again = await seed(dataDir);
      expect(again.stdout).toMatch(/\(0 new accounts, 6 already there\)/);
      expect(again.stdout).toContain('brand brand-01@demo.linkcoin.local with 100 LinkCoins');

      const server = await startTestServer({ dataDir });
      try {
        expect(server.runtime.notices.join('\n')).not.toMatch(/no creators yet/);
        const listed = await request(server.url).get('/api/pageowners/users').expect(200);
        expect(listed.body.data).toHaveLength(4);
        for (const item of listed.body.data) {
          expect(item).toMatchObject({ demo: true, role: 'influencer' });
          expect(item.profilePicUrl).toMatch(/^\/uploads\//);
          await request(server.url).get(item.profilePicUrl).expect(200);
        }
        const login = await request(server.url)
          .post('/api/pageowners/login')
          .send({ email: 'brand-01@demo.linkcoin.local', password: 'demo-password-for-tests' })
          .expect(200);
        expect(login.body.user.linkCoins).toBe(100);
      } finally {
        await server.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
