import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { type TestServer } from '@linkcoin/services/testing/test-server.ts';
import {
  browserSignedIn,
  cachedUser,
  fieldLabelled,
  holdRequests,
  signInBrowser,
  tokenInStorage,
} from '../../tooling/browser-test/accounts.ts';
import { PHONE_VIEWPORT } from '../../tooling/browser-test/browser.ts';
import { expectMainHeading, waitForPath } from '../../tooling/browser-test/navigation.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// docs/product-spec.md sections 2 ("Login screen", "Top navigation bar"), 3 (the session), 4 (auth
// transitions) and 8 (auth errors); issue 19 (one session per browser).

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const WIZARD_HEADING = 'Update Profile';
const HOME_HEADING = 'Where brands meet verified creators';

const field = (label: string) => fieldLabelled(page, label);
const button = (name: string) => page.getByRole('button', { name, exact: true });

async function logIn(email: string, password: string): Promise<void> {
  await page.goto('/login');
  await expectMainHeading(page, 'Welcome Back');
  await field('Email').fill(email);
  await field('Password').fill(password);
  await button('Login').click();
}

async function openAccountMenu(ownerName: string): Promise<void> {
  await page.getByRole('button', { name: `Account menu for ${ownerName}` }).click();
  await page.getByRole('menu').waitFor();
}

describe('login', () => {
  it('takes a creator to the profile wizard, the session in the browser and no token where scripts read', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Verma' });
    await logIn(creator.email, creator.password);
    await waitForPath(page, '/UpdateProfile');
    await expectMainHeading(page, WIZARD_HEADING);

    expect(await browserSignedIn(page)).toBe(true);
    expect(await tokenInStorage(page)).toBe(false);
    const refresh = (await page.context().cookies()).find((c) => c.name === 'linkcoin_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate<string>('document.cookie')).not.toContain('linkcoin_refresh');
    expect(await cachedUser(page)).toMatchObject({
      _id: creator.userId,
      ownerName: 'Asha Verma',
      email: creator.email,
      role: 'influencer',
      linkCoins: 0,
    });
  });

  it('takes a brand to the home page', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Chai Point' });
    const release = await holdRequests(page, '**/api/pageowners/login');
    await logIn(brand.email, brand.password);
    await button('Logging in...').waitFor();
    release();
    await waitForPath(page, '/');
    await expectMainHeading(page, HOME_HEADING);
    await page.getByRole('button', { name: 'Account menu for Chai Point' }).waitFor();
  });

  it('shows a refusal followed by " - Please try again"', async () => {
    const member = await registerUser(server);
    await logIn(member.email, 'not-the-password');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Invalid email or password - Please try again' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await browserSignedIn(page)).toBe(false);
  });

  it('requires both fields and links to sign-up and the password reset', async () => {
    await page.goto('/login');
    await expectMainHeading(page, 'Welcome Back');
    expect(await field('Email').getAttribute('type')).toBe('email');
    expect(await field('Email').getAttribute('required')).not.toBeNull();
    expect(await field('Password').getAttribute('required')).not.toBeNull();
    // The password can be shown, and hidden again.
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await field('Password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await field('Password').getAttribute('type')).toBe('password');
    // No session: "No token found" is never shown.
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText('No token found').count()).toBe(0);

    await page.getByRole('link', { name: 'Forgot your password' }).click();
    await waitForPath(page, '/forgot-password');
    await page.goBack();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/Register');
    await expectMainHeading(page, 'Creator Registration');
  });

  it('sends a visitor who is already signed in on to /UpdateProfile', async () => {
    const member = await registerUser(server, { role: 'user' });
    await signInBrowser(page, server, member);
    await page.goto('/login');
    await waitForPath(page, '/UpdateProfile');
  });
});

describe('the signed-in user menu', () => {
  it('leads to the profile, the wizard and Change Password, and logs out', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Kumar' });
    await logIn(creator.email, creator.password);
    await waitForPath(page, '/UpdateProfile');

    await openAccountMenu('Ravi Kumar');
    const items = await page.getByRole('menuitem').allTextContents();
    // A creator's menu has their insights (issue 24) after the profile's two entries.
    expect(items).toEqual([
      'View Profile',
      'Update Profile',
      'Insights',
      'LinkCoin Wallet',
      'Change Password',
      'Logout',
    ]);
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await waitForPath(page, `/Profile/${creator.userId}`);

    // Signed in, Change Password asks for the current password (not the reset by e-mail).
    await openAccountMenu('Ravi Kumar');
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await waitForPath(page, '/change-password');
    await expectMainHeading(page, 'Change Password');
    await field('Current password').waitFor();

    await openAccountMenu('Ravi Kumar');
    await page.getByRole('menuitem', { name: 'Update Profile' }).click();
    await waitForPath(page, '/UpdateProfile');

    await openAccountMenu('Ravi Kumar');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await expectMainHeading(page, 'Welcome Back');
    expect(await browserSignedIn(page)).toBe(false);
    expect(await cachedUser(page)).toBeNull();
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();

    // Logged out: the protected wizard sends the visitor to /login.
    await page.goto('/UpdateProfile');
    await waitForPath(page, '/login');
    await expectMainHeading(page, 'Welcome Back');
  });

  it('is in the drawer on phone-sized screens', async () => {
    const phone = await harness.browser.newContext({
      baseURL: server.url,
      viewport: PHONE_VIEWPORT,
    });
    try {
      const phonePage = await phone.newPage();
      const brand = await registerUser(server, { role: 'user', ownerName: 'Mobile Brand' });
      await signInBrowser(phonePage, server, brand);
      await phonePage.goto('/aboutus');
      await phonePage.getByRole('button', { name: 'Account menu for Mobile Brand' }).waitFor();
      await phonePage.getByRole('button', { name: 'Open navigation menu' }).click();
      const account = phonePage.getByRole('list', { name: 'Account of Mobile Brand' });
      await account.waitFor();
      expect(await account.getByRole('listitem').allTextContents()).toEqual([
        'Messages',
        'View Profile',
        'Update Profile',
        // A brand's saved searches (issue 24, item 4).
        'Saved Searches',
        'LinkCoin Wallet',
        'Change Password',
        'Logout',
      ]);
      await account.getByRole('button', { name: 'Logout' }).click();
      await waitForPath(phonePage, '/login');
      expect(await browserSignedIn(phonePage)).toBe(false);
      const overflow = await phonePage.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBe(0);
    } finally {
      await phone.close();
    }
  });
});

describe("the browser's session", () => {
  it('is refreshed on start, which replaces the user this tab cached', async () => {
    const member = await registerUser(server, { role: 'influencer', ownerName: 'Fresh Name' });
    const session = await signInBrowser(page, server, member);
    await page.goto('/aboutus');
    await page.evaluate((user) => sessionStorage.setItem('user', JSON.stringify(user)), {
      ...session.user,
      ownerName: 'Stale Name',
    });
    await page.goto('/UpdateProfile');
    await page.getByRole('button', { name: 'Account menu for Fresh Name' }).waitFor();
    expect(await cachedUser(page)).toMatchObject({ ownerName: 'Fresh Name' });
  });

  it('ends when the server revoked it (a logout elsewhere)', async () => {
    const member = await registerUser(server, { role: 'influencer' });
    const session = await signInBrowser(page, server, member);
    const revoked = await fetch(`${server.url}/api/pageowners/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(revoked.status).toBe(200);

    await page.goto('/UpdateProfile');
    await waitForPath(page, '/login');
    await expectMainHeading(page, 'Welcome Back');
    expect(await browserSignedIn(page)).toBe(false);
  });
});
