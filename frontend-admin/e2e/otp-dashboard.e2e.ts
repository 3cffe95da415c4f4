import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  ADMIN,
  adminEnv,
  grantAuditor,
  loginAdmin,
  registerUser,
  type TestUser,
} from '@linkcoin/services/testing/accounts.ts';
import { requestInstagramCode } from '@linkcoin/services/testing/profiles.ts';
import { type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { holdRequests } from '../../tooling/browser-test/accounts.ts';
import { consoleLogIn, loginPageShown, waitForConsoleRoute } from './support/console.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// docs/product-spec.md section 2 ("Instagram OTP dashboard (admin)"), sections 3 and 4 (the OTP record and its
// status) and section 8 (its messages), in the admin console.

type OtpRecordRow = {
  id: string;
  userId: string;
  profileName: string;
  otp: string;
  status: string;
};
type Summary = { total: number; pending: number; sent: number; verified: number };

const harness = useBrowserTest({ env: adminEnv });
let admin: TestUser;
let server: TestServer;
let context: BrowserContext;
let page: Page;

beforeEach(() => {
  ({ server, context, page } = harness);
});

beforeAll(async () => {
  admin = await loginAdmin(harness.server);
});

async function api<T>(user: TestUser, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${user.token}`,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

let handles = 0;

/** A creator with an Instagram account on the profile who asks for a code (a pending record). */
async function creatorAskingForCode(
  word: string,
): Promise<{ creator: TestUser; handle: string; record: OtpRecordRow }> {
  handles += 1;
  const handle = `${word}.${handles}${Date.now()}`;
  const creator = await registerUser(server, { role: 'influencer' });
  await requestInstagramCode(server, creator, handle);
  const filter = encodeURIComponent(JSON.stringify({ userId: creator.userId }));
  const [record] = await api<OtpRecordRow[]>(admin, `/api/admin/otp-records?filter=${filter}`);
  if (!record) throw new Error(`no OTP record for ${handle}`);
  return { creator, handle, record };
}

const clipboardText = () => page.evaluate<string>('navigator.clipboard.readText()');
const summary = () => api<Summary>(admin, '/api/admin/otp-records/summary');

const main = () => page.getByRole('main');
const tile = (label: string) => page.getByRole('group', { name: label, exact: true });
const rowOf = (handle: string) => page.getByRole('row').filter({ hasText: `@${handle}` });
const panel = () => page.getByRole('complementary', { name: 'OTP record' });
// The All choice is named "Clear value" by react-admin: the options are found by their text.
const statusOption = (label: string) => page.getByRole('option').getByText(label, { exact: true });
const button = (name: string) => main().getByRole('button', { name, exact: true });

async function expectTiles(expected: Summary): Promise<void> {
  for (const [label, value] of [
    ['Total Records', expected.total],
    ['Pending', expected.pending],
    ['Sent', expected.sent],
    ['Verified', expected.verified],
  ] as const) {
    await expect.poll(() => tile(label).textContent()).toBe(`${label}${value}`);
  }
}

async function adminOnDashboard(): Promise<void> {
  await consoleLogIn(page, server, ADMIN.email, ADMIN.password);
  await waitForConsoleRoute(page, 'otp-records');
  await tile('Total Records').waitFor();
}

describe('the OTP dashboard', () => {
  it('takes a record from pending to sent to verified, with the tiles following', async () => {
    const before = await summary();
    const { creator, handle, record } = await creatorAskingForCode('mira');
    expect(record.otp).toMatch(/^\d{6}$/);

    await adminOnDashboard();
    await page.getByRole('menuitem', { name: 'OTP verification' }).waitFor();
    await expectTiles({ ...before, total: before.total + 1, pending: before.pending + 1 });

    // The row: User ID, @profile, OTP, Status, Created, Actions.
    const row = rowOf(handle);
    await row.waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((text) => text.trim())).toEqual([
      'User ID',
      'Profile',
      'OTP',
      'Status',
      'Created',
      'Actions',
    ]);
    const cells = row.getByRole('cell');
    expect(await cells.nth(0).textContent()).toBe(creator.userId);
    expect(await cells.nth(1).textContent()).toBe(`@${handle}`);
    expect(await cells.nth(2).textContent()).toBe(record.otp);
    expect(await cells.nth(3).textContent()).toBe('Pending');
    const created = await page.evaluate(
      (iso) => new Date(iso).toLocaleString(),
      (await api<{ createdAt: string }>(admin, `/api/admin/otp-records/${record.id}`)).createdAt,
    );
    expect(await cells.nth(4).textContent()).toBe(created);
    await cells.nth(5).getByRole('button', { name: 'Copy' }).waitFor();

    // Copy in the row copies the direct message without opening the panel.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const dm =
      `Hi @${handle}! Your LinkCoin verification code is ${record.otp}. Enter it in your ` +
      'LinkCoin profile (Verification step) to verify your Instagram account.';
    await cells.nth(5).getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied message to clipboard!').waitFor();
    await expect.poll(clipboardText).toBe(dm);
    expect(new URL(page.url()).hash.split('?')[0]).toBe('#/otp-records');
    await page.evaluate('navigator.clipboard.writeText("")');

    // Selecting the row opens the side panel.
    await cells.nth(2).click();
    await waitForConsoleRoute(page, `otp-records/${record.id}`);
    const details = panel();
    await details.getByText(creator.userId, { exact: true }).waitFor();
    await details.getByText(`@${handle}`, { exact: true }).waitFor();
    await details.getByText(record.otp, { exact: true }).waitFor();
    await details.getByText('Pending', { exact: true }).waitFor();
    // The link is derived from the handle on the server, whatever link the creator's app sent.
    const link = details.getByRole('link', { name: `https://www.instagram.com/${handle}/` });
    expect(await link.getAttribute('href')).toBe(`https://www.instagram.com/${handle}/`);
    expect(await link.getAttribute('target')).toBe('_blank');

    // Copy DM Message: the handle and the code, ready to paste into Instagram.
    await details.getByRole('button', { name: 'Copy DM Message' }).click();
    await page.getByText('Copied message to clipboard!').first().waitFor();
    await expect.poll(clipboardText).toBe(dm);

    // Send Otp: Sending... while the request is out, then Sent in the panel, the row and the tiles.
    const release = await holdRequests(page, `**/api/admin/otp-records/${record.id}/send`);
    await details.getByRole('button', { name: 'Send Otp' }).click();
    const sending = details.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await details.getByText('Sent', { exact: true }).waitFor();
    await row.getByText('Sent', { exact: true }).waitFor();
    await expectTiles({ ...before, total: before.total + 1, sent: before.sent + 1 });

    // The creator types the code in the user app; the open panel does not know yet, and the
    // server's refusal of a second Send Otp is shown as it is.
    await api(creator, '/api/pageowners/send-status', {
      method: 'PUT',
      body: JSON.stringify({ userId: creator.userId, status: 'verified', otp: record.otp }),
    });
    await details.getByRole('button', { name: 'Send Otp' }).click();
    await page.getByText('This account is already verified.').waitFor();

    // Refresh brings the list, the panel and the tiles up to date.
    await button('Refresh').click();
    await row.getByText('Verified', { exact: true }).waitFor();
    await details.getByText('Verified', { exact: true }).waitFor();
    expect(await details.getByRole('button', { name: 'Send Otp' }).isDisabled()).toBe(true);
    await expectTiles({ ...before, total: before.total + 1, verified: before.verified + 1 });

    await details.getByRole('button', { name: 'Close' }).click();
    await waitForConsoleRoute(page, 'otp-records');
  });

  it('filters by status, user ID and profile name, and says when nothing matches', async () => {
    const kavya = await creatorAskingForCode('kavya');
    const kabir = await creatorAskingForCode('kabir');
    await api(admin, `/api/admin/otp-records/${kabir.record.id}/send`, { method: 'POST' });

    await adminOnDashboard();
    await rowOf(kavya.handle).waitFor();
    await rowOf(kabir.handle).waitFor();

    // Status: the choices of the spec, All first.
    await page.getByRole('combobox', { name: 'Status' }).click();
    const choices = await page.getByRole('option').allTextContents();
    expect(choices).toEqual(['All', 'Pending', 'Sent', 'Verified', 'Expired']);
    await statusOption('Sent').click();
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes('"status":"send"'));
    await rowOf(kabir.handle).waitFor();
    await rowOf(kavya.handle).waitFor({ state: 'detached' });
    for (const status of await page.getByRole('row').locator('.MuiChip-label').allTextContents()) {
      expect(status).toBe('Sent');
    }

    await page.getByRole('combobox', { name: 'Status' }).click();
    await statusOption('All').click();
    await page.waitForURL((url) => !decodeURIComponent(url.hash).includes('"status"'));
    await rowOf(kavya.handle).waitFor();

    // Profile name: one creator's handle.
    await page.getByRole('textbox', { name: 'Profile name' }).fill(kavya.handle);
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(kavya.handle));
    await expect.poll(() => page.getByRole('row').filter({ hasText: '@' }).count()).toBe(1);
    await rowOf(kavya.handle).waitFor();
    await page.getByRole('textbox', { name: 'Profile name' }).clear();

    // User ID.
    await page.getByRole('textbox', { name: 'User ID' }).fill(kabir.creator.userId);
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes(kabir.creator.userId));
    await expect.poll(() => page.getByRole('row').filter({ hasText: '@' }).count()).toBe(1);
    await rowOf(kabir.handle).waitFor();

    // Nothing matches: Kabir's record is not pending.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await statusOption('Pending').click();
    await main().getByText('No OTP records found').waitFor();
    expect(await page.getByRole('row').filter({ hasText: '@' }).count()).toBe(0);
  });

  it('says so when the records cannot be fetched', async () => {
    await page.route(
      (url) => url.pathname === '/api/admin/otp-records',
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Internal error' }),
        }),
    );
    await consoleLogIn(page, server, ADMIN.email, ADMIN.password);
    await page.getByText('Failed to fetch OTP records').waitFor();
  });
});

describe('who sees the OTP dashboard', () => {
  it('is not offered to auditors, who land on the users', async () => {
    const member = await registerUser(server, { role: 'user' });
    await grantAuditor(server, admin, member.userId);

    await consoleLogIn(page, server, member.email, member.password);
    await waitForConsoleRoute(page, 'users');
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
    await page.getByRole('row').filter({ hasText: member.email }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'OTP verification' }).count()).toBe(0);
    expect(await tile('Total Records').count()).toBe(0);

    // Typing the address does not open it either.
    await page.goto(`${server.url}/admin/#/otp-records`);
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
    expect(await tile('Total Records').count()).toBe(0);
  });

  it('shows a signed-out visitor at /admin/ the login page, nothing else', async () => {
    const loginNavigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('#/login')) {
        loginNavigations.push(frame.url());
      }
    });
    await page.goto(`${server.url}/admin/`);
    await waitForConsoleRoute(page, 'login');
    await loginPageShown(page);
    expect(await page.getByRole('menuitem').count()).toBe(0);
    expect(await tile('Total Records').count()).toBe(0);
    // Sent to the login page once, not in a loop.
    expect(loginNavigations).toHaveLength(1);
  });
});
