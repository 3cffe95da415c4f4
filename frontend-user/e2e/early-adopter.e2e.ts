/**
 * The early-adopter badge as people see it: on the first verified creator's card in the
 * directory and on her profile, not on a creator who only signed up, and still there after
 * `make rebuild` (the server stopped, every read model replayed from the log, the server started
 * again).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { EARLY_ADOPTERS_STREAM } from '@linkcoin/domain/directory/early-adopters.ts';
import { REPO_ROOT } from '@linkcoin/services/platform/config.ts';
import {
  adminEnv,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import { verifyInstagram } from '@linkcoin/services/testing/profiles.ts';
import { startTestServer, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { DESKTOP_VIEWPORT, launchBrowser } from '../../tooling/browser-test/browser.ts';

const ONE_SEAT = { ...adminEnv, EARLY_ADOPTER_SEATS: '1' };
let dataDir = '';
let server: TestServer | null = null;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-early-e2e-'));
  server = await startTestServer({ dataDir, env: ONE_SEAT });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A fresh visitor's page on the running server. */
const visitorPage = async (): Promise<Page> => {
  const context = await browser.newContext({ baseURL: server!.url, viewport: DESKTOP_VIEWPORT });
  context.setDefaultTimeout(15_000);
  return context.newPage();
};

/** What a visitor sees: the badge on each named card of /influencers, and on the profile. */
const seen = async (first: TestUser) => {
  const page = await visitorPage();
  await page.goto('/influencers');
  const card = (name: string) => page.getByRole('article', { name });
  await card('Asha First').waitFor();
  await card('Bela Later').waitFor();
  const onCards = {
    first: await card('Asha First').getByText('Early adopter').count(),
    later: await card('Bela Later').getByText('Early adopter').count(),
  };
  await page.goto(`/Profile/${first.userId}`);
  await page.getByRole('heading', { level: 1, name: /Asha First/ }).waitFor();
  const onProfile = await page.getByRole('main').getByText('Early adopter').count();
  await page.context().close();
  return { onCards, onProfile };
};

describe('the early-adopter badge', () => {
  it('shows on the first verified creator only, and survives make rebuild', async () => {
    // Bela signs up first but never verifies an account; Asha verifies her Instagram.
    await registerUser(server!, { role: 'influencer', ownerName: 'Bela Later' });
    const first = await registerUser(server!, { role: 'influencer', ownerName: 'Asha First' });
    await verifyInstagram(server!, await loginAdmin(server!), first, 'asha.first', {
      ownerName: 'Asha First',
    });
    await vi.waitFor(
      async () =>
        expect(
          await server!.runtime.platform.eventStore.readStream(EARLY_ADOPTERS_STREAM),
        ).toHaveLength(1),
      { timeout: 10_000, interval: 50 },
    );
    const head = await server!.runtime.platform.eventStore.headPosition();
    expect(await server!.runtime.progress.waitFor(head, 10_000)).toBe(true);
    const expected = { onCards: { first: 1, later: 0 }, onProfile: 1 };
    expect(await seen(first)).toEqual(expected);

    await server!.stop();
    server = null;
    await promisify(execFile)(process.execPath, [join(REPO_ROOT, 'tooling/cli/rebuild.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    server = await startTestServer({ dataDir, env: ONE_SEAT });
    expect(await seen(first)).toEqual(expected);
  });
});
