import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { type TestServer } from '@linkcoin/services/testing/test-server.ts';
import {
  apiLogin,
  fieldLabelled,
  holdRequests,
  storeSession,
  storedSession,
} from './support/accounts.ts';
import { PHONE_VIEWPORT } from './support/browser.ts';
import { expectMainHeading, waitForPath } from './support/navigation.ts';
import { useBrowserTest } from './support/harness.ts';

// Spec sections 2 ("Login screen", "Top navigation bar"), 3 (session storage), 4 (auth
// transitions) and 8 (auth errors).

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
  it('takes a creator to the profile wizard and stores the session', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Verma' });
    await logIn(creator.email, creator.password);
    await waitForPath(page, '/UpdateProfile');
    await expectMainHeading(page, WIZARD_HEADING);

    const stored = await storedSession(page);
    const [, payload] = (stored.token ?? '').split('.');
    const { exp } = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
      exp: number;
    };
    expect(Number(stored.tokenExpiration)).toBe(exp * 1000);
    expect(JSON.parse(stored.user ?? 'null')).toMatchObject({
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
    expect((await storedSession(page)).token).toBeNull();
  });

  it('requires both fields and links to sign-up and the password reset', async () => {
    await page.goto('/login');
    await expectMainHeading(page, 'Welcome Back');
    expect(await field('Email').getAttribute('type')).toBe('email');
    expect(await field('Email').getAttribute('required')).not.toBeNull();
    expect(await field('Password').getAttribute('required')).not.toBeNull();
    // No token stored: "No token found" is never shown.
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
    const session = await apiLogin(server, member);
    await page.goto('/aboutus');
    await storeSession(page, {
      token: session.token,
      tokenExpiration: Date.now() + 60_000,
      user: session.user,
    });
    await page.goto('/login');
    await waitForPath(page, '/UpdateProfile');
  });
});

describe('the signed-in user menu', () => {
  it('leads to the profile, the wizard and the password reset, and logs out', async () => {
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Kumar' });
    await logIn(creator.email, creator.password);
    await waitForPath(page, '/UpdateProfile');

    await openAccountMenu('Ravi Kumar');
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual([
      'View Profile',
      'Update Profile',
      'LinkCoin Wallet',
      'Change Password',
      'Logout',
    ]);
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await waitForPath(page, `/Profile/${creator.userId}`);

    await openAccountMenu('Ravi Kumar');
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await waitForPath(page, '/forgot-password');
    expect(await field('Email').inputValue()).toBe(creator.email);

    await openAccountMenu('Ravi Kumar');
    await page.getByRole('menuitem', { name: 'Update Profile' }).click();
    await waitForPath(page, '/UpdateProfile');

    await openAccountMenu('Ravi Kumar');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await expectMainHeading(page, 'Welcome Back');
    expect(await storedSession(page)).toEqual({ token: null, tokenExpiration: null, user: null });
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
      const session = await apiLogin(server, brand);
      await phonePage.goto('/aboutus');
      await storeSession(phonePage, {
        token: session.token,
        tokenExpiration: Date.now() + 60_000,
        user: session.user,
      });
      await phonePage.goto('/aboutus');
      await phonePage.getByRole('button', { name: 'Account menu for Mobile Brand' }).waitFor();
      await phonePage.getByRole('button', { name: 'Open navigation menu' }).click();
      const account = phonePage.getByRole('list', { name: 'Account of Mobile Brand' });
      await account.waitFor();
      expect(await account.getByRole('listitem').allTextContents()).toEqual([
        'View Profile',
        'Update Profile',
        'LinkCoin Wallet',
        'Change Password',
        'Logout',
      ]);
      await account.getByRole('button', { name: 'Logout' }).click();
      await waitForPath(phonePage, '/login');
      expect((await storedSession(phonePage)).token).toBeNull();
      const overflow = await phonePage.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBe(0);
    } finally {
      await phone.close();
    }
  });
});

describe('a stored session', () => {
  it('is confirmed by check-auth on start, which replaces the stored user', async () => {
    const member = await registerUser(server, { role: 'influencer', ownerName: 'Fresh Name' });
    const session = await apiLogin(server, member);
    await page.goto('/aboutus');
    await storeSession(page, {
      token: session.token,
      tokenExpiration: Date.now() + 60_000,
      user: { ...session.user, ownerName: 'Stale Name' },
    });
    await page.goto('/UpdateProfile');
    await page.getByRole('button', { name: 'Account menu for Fresh Name' }).waitFor();
    expect(JSON.parse((await storedSession(page)).user ?? 'null')).toMatchObject({
      ownerName: 'Fresh Name',
    });
  });

  it('ends when its expiry has passed: "Token expired" and storage cleared', async () => {
    const member = await registerUser(server, { role: 'influencer' });
    const session = await apiLogin(server, member);
    await page.goto('/aboutus');
    await storeSession(page, {
      token: session.token,
      tokenExpiration: Date.now() - 1_000,
      user: session.user,
    });
    await page.goto('/UpdateProfile');
    await waitForPath(page, '/login');
    await page.getByRole('alert').filter({ hasText: 'Token expired - Please try again' }).waitFor();
    expect(await storedSession(page)).toEqual({ token: null, tokenExpiration: null, user: null });
  });

  it('ends when the server revoked its token (a logout elsewhere)', async () => {
    const member = await registerUser(server, { role: 'influencer' });
    const session = await apiLogin(server, member);
    await page.goto('/aboutus');
    await storeSession(page, {
      token: session.token,
      tokenExpiration: Date.now() + 60_000,
      user: session.user,
    });
    const revoked = await fetch(`${server.url}/api/pageowners/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(revoked.status).toBe(200);

    await page.goto('/UpdateProfile');
    await waitForPath(page, '/login');
    await expectMainHeading(page, 'Welcome Back');
    expect((await storedSession(page)).token).toBeNull();
  });
});
