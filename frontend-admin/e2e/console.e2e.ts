import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  adminEnv,
  grantAuditor,
  loginAdmin,
  registerUser,
} from '@linkcoin/services/testing/accounts.ts';
import { type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { apiLogin, signInBrowser } from '../../tooling/browser-test/accounts.ts';
import {
  consoleLogIn as logIn,
  loginPageShown,
  consoleSignedIn,
  waitForConsoleRoute,
} from './support/console.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// The admin console (docs/design.md sections 1 and 6): react-admin's login, open to admins and
// auditors, and nothing but that login page for anyone else; admins land on the OTP dashboard,
// auditors on the users; the users resource with the auditor grant.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const consoleLogIn = (email: string, password: string) => logIn(page, server, email, password);

/** Where an admin lands: the OTP dashboard. */
const otpDashboardShown = async () => {
  await waitForConsoleRoute(page, 'otp-records');
  await page.getByRole('group', { name: 'Total Records' }).waitFor();
};

describe('console sign-in', () => {
  it('asks for a sign-in at /admin, then lands an admin on the OTP dashboard, calling no other host', async () => {
    const foreignRequests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url)) foreignRequests.push(request.url());
    });

    await page.goto(`${server.url}/admin`);
    expect(new URL(page.url()).pathname).toBe('/admin/');
    await page.waitForURL((url) => url.hash === '#/login');
    await consoleLogIn(ADMIN.email, ADMIN.password);

    await otpDashboardShown();
    expect((await page.getByRole('menuitem').allTextContents()).map((text) => text.trim())).toEqual(
      [
        'Dashboard',
        'Figures',
        'OTP verification',
        'Verification claims',
        'Users',
        'Wallets',
        'Payments',
        'Connections',
        'User history',
        'Replay check',
        'Ledger invariants',
      ],
    );
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 2, name: 'Verification desk (admins)' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'History (auditors)' }).waitFor();
    expect(await consoleSignedIn(page)).toBe(true);
    expect(foreignRequests).toEqual([]);
  });

  it('shows a signed-in brand or creator the login page only, keeping their marketplace session', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    await signInBrowser(page, server, creator);

    await page.goto(`${server.url}/admin/`);
    await waitForConsoleRoute(page, 'login');
    await loginPageShown(page);
    expect(await page.getByRole('menuitem').count()).toBe(0);
    expect(await consoleSignedIn(page)).toBe(true);
  });

  it('lets in an admin already signed in to the marketplace, with no second sign-in', async () => {
    await signInBrowser(page, server, ADMIN);

    await page.goto(`${server.url}/admin/`);
    await otpDashboardShown();
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);
  });

  it('refuses accounts that are neither admins nor auditors, storing nothing', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    await consoleLogIn(creator.email, creator.password);
    await page.getByText('Access restricted to administrators and auditors').waitFor();
    expect(await consoleSignedIn(page)).toBe(false);
    expect(new URL(page.url()).hash).toBe('#/login');
  });

  it('shows the server refusal for a wrong password', async () => {
    await consoleLogIn(ADMIN.email, 'not-the-password');
    await page.getByText('Invalid email or password').waitFor();
    expect(await consoleSignedIn(page)).toBe(false);
  });

  it('logs out through the user menu, back to the login page', async () => {
    await consoleLogIn(ADMIN.email, ADMIN.password);
    await otpDashboardShown();
    await page.getByRole('button', { name: /, account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/login'));
    await loginPageShown(page);
    expect(await consoleSignedIn(page)).toBe(false);
  });
});

describe('users', () => {
  it('lists registered users, searchable by name, with their roles and sign-in methods', async () => {
    const creator = await registerUser(server, {
      role: 'influencer',
      ownerName: 'Zoya Searchable',
    });
    await consoleLogIn(ADMIN.email, ADMIN.password);
    await otpDashboardShown();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/users'));

    const row = page.getByRole('row').filter({ hasText: creator.email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Zoya Searchable');
    expect(await row.textContent()).toContain('Creator');
    expect(await row.textContent()).toContain('Password');

    await page.getByPlaceholder('Search name or email').fill('Zoya');
    await page.waitForURL((url) => decodeURIComponent(url.hash).includes('"q":"Zoya"'));
    await expect.poll(() => page.getByRole('row').filter({ hasText: '@' }).count()).toBe(1);
    await row.waitFor();
  });

  it('lets an admin grant the auditor role, who can then use the console read-only', async () => {
    const member = await registerUser(server, { role: 'user', ownerName: 'Future Auditor' });
    await consoleLogIn(ADMIN.email, ADMIN.password);
    await otpDashboardShown();
    await page.goto(`${server.url}/admin/#/users/${member.userId}/show`);
    await page.getByText(member.email).first().waitFor();

    await page.getByRole('button', { name: 'Grant auditor role' }).click();
    await page.getByText('Future Auditor is now an auditor').waitFor();
    await page.getByRole('button', { name: 'Revoke auditor role' }).waitFor();
    await page.getByRole('main').getByText('Auditor', { exact: true }).waitFor();

    // The new auditor signs in to the console (back on that page) and sees no grant button.
    await page.getByRole('button', { name: /, account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/login'));
    await consoleLogIn(member.email, member.password);
    await page.getByRole('menuitem', { name: 'Users' }).waitFor();
    await page.goto(`${server.url}/admin/#/users/${member.userId}/show`);
    await page.getByText(member.email).first().waitFor();
    expect(await page.getByRole('button', { name: /auditor/ }).count()).toBe(0);
  });

  it('lets an admin revoke the auditor role after a confirmation, ending their sessions', async () => {
    const member = await registerUser(server, { role: 'user', ownerName: 'Former Auditor' });
    await grantAuditor(server, await loginAdmin(server), member.userId);
    // The auditor is signed in somewhere else: that session ends with the role.
    const elsewhere = await apiLogin(server, member);
    const checkAuth = () =>
      fetch(`${server.url}/api/pageowners/check-auth`, {
        headers: { Authorization: `Bearer ${elsewhere.token}` },
      });
    expect((await checkAuth()).status).toBe(200);

    await consoleLogIn(ADMIN.email, ADMIN.password);
    await otpDashboardShown();
    await page.goto(`${server.url}/admin/#/users/${member.userId}/show`);
    await page.getByText(member.email).first().waitFor();

    // Keep changes nothing.
    await page.getByRole('button', { name: 'Revoke auditor role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the auditor role of Former Auditor?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('every session they have open ends now');
    await dialog.getByRole('button', { name: 'Keep' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await checkAuth()).status).toBe(200);

    // With the keyboard alone: the button, then the dialog's Revoke.
    await page.getByRole('button', { name: 'Revoke auditor role' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByText('Former Auditor is no longer an auditor; their sessions have ended')
      .waitFor();
    await page.getByRole('button', { name: 'Grant auditor role' }).waitFor();
    expect((await checkAuth()).status).toBe(401);
  });
});
