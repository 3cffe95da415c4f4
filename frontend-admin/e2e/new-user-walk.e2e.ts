import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { requestInstagramCode } from '@linkcoin/services/testing/profiles.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { consoleLogIn, waitForConsoleRoute } from './support/console.ts';

// What a new user's walk through the console on a phone found, pinned by a test.

const PHONE = { width: 390, height: 844 } as const;
const harness = useBrowserTest({ env: adminEnv, viewport: PHONE });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

describe('the verification desk on a phone', () => {
  it("shows the OTP record's actions by their words, Copy DM Message and Send Otp, not bare icons", async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Kumar' });
    const handle = `ravi.frames.${Date.now()}`;
    await requestInstagramCode(server, creator, handle);
    const admin = await loginAdmin(server);
    const filter = encodeURIComponent(JSON.stringify({ userId: creator.userId }));
    const answer = await fetch(`${server.url}/api/admin/otp-records?filter=${filter}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const [record] = (await answer.json()) as { id: string }[];
    if (!record) throw new Error('no OTP record');

    await consoleLogIn(page, server, ADMIN.email, ADMIN.password);
    await waitForConsoleRoute(page, 'otp-records');
    await page.goto(`${server.url}/admin/#/otp-records/${record.id}`);
    const details = page.getByRole('complementary', { name: 'OTP record' });
    await details.getByText(`@${handle}`, { exact: true }).waitFor();

    // The spec's words are on the buttons a desk admin presses, on a phone too.
    const refresh = page.getByRole('main').getByRole('button', { name: 'Refresh', exact: true });
    expect((await refresh.innerText()).trim()).toBe('Refresh');
    const copy = details.getByRole('button', { name: 'Copy DM Message' });
    const send = details.getByRole('button', { name: 'Send Otp' });
    expect((await copy.innerText()).trim()).toBe('Copy DM Message');
    expect((await send.innerText()).trim()).toBe('Send Otp');
    await send.click();
    await details.getByText('Sent', { exact: true }).waitFor();
    expect(
      await page.evaluate<boolean>(
        'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
      ),
    ).toBe(true);
  });
});

describe("a user's page in the console on a phone", () => {
  it('names its actions in words: Wallet, Coin ledger, Verifications, As of, the auditor role', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'GlowLeaf Skincare' });
    await consoleLogIn(page, server, ADMIN.email, ADMIN.password);
    await waitForConsoleRoute(page, 'otp-records');
    await page.goto(`${server.url}/admin/#/users/${brand.userId}/show`);
    await page.getByText('GlowLeaf Skincare', { exact: true }).first().waitFor();
    const main = page.getByRole('main');
    for (const name of ['Wallet', 'Coin ledger', 'Verifications', 'As of']) {
      const link = main.getByRole('link', { name, exact: true });
      expect((await link.innerText()).trim()).toBe(name);
    }
    const grant = main.getByRole('button', { name: 'Grant auditor role', exact: true });
    expect((await grant.innerText()).trim()).toBe('Grant auditor role');
    await grant.click();
    const revoke = main.getByRole('button', { name: 'Revoke auditor role', exact: true });
    await revoke.waitFor();
    expect((await revoke.innerText()).trim()).toBe('Revoke auditor role');
    expect(
      await page.evaluate<boolean>(
        'document.documentElement.scrollWidth <= document.documentElement.clientWidth',
      ),
    ).toBe(true);
  });
});
