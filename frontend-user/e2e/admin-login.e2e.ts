import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, adminEnv, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { type TestServer } from '@linkcoin/services/testing/test-server.ts';
import {
  browserSignedIn,
  cachedUser,
  fieldLabelled,
  holdRequests,
} from '../../tooling/browser-test/accounts.ts';
import { expectMainHeading, waitForPath } from '../../tooling/browser-test/navigation.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// docs/product-spec.md sections 2 ("Admin login", /dashboard) and 6 (admin-only screens).

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const field = (label: string) => fieldLabelled(page, label);
const button = (name: string) => page.getByRole('button', { name, exact: true });

async function adminLogIn(email: string, password: string): Promise<void> {
  await page.goto('/adminLogin');
  await expectMainHeading(page, 'Admin Login');
  await field('Admin Email').fill(email);
  await field('Password').fill(password);
  await button('Sign In').click();
}

describe('admin login', () => {
  it('has the fields, a Remember me checkbox and a Forgot password link', async () => {
    await page.goto('/adminLogin');
    await expectMainHeading(page, 'Admin Login');
    expect(await field('Admin Email').getAttribute('required')).not.toBeNull();
    expect(await field('Password').getAttribute('required')).not.toBeNull();
    const remember = page.getByRole('checkbox', { name: 'Remember me' });
    await remember.check();
    expect(await remember.isChecked()).toBe(true);
    await page.getByRole('link', { name: 'Forgot password', exact: true }).click();
    await waitForPath(page, '/forgot-password');
  });

  it('refuses anyone who is not an admin, with the exact message', async () => {
    const creator = await registerUser(server, { role: 'influencer' });
    await adminLogIn(creator.email, creator.password);
    const refusal = page.getByRole('alert').filter({ hasText: 'Access restricted' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Access restricted to administrators only');
    expect(new URL(page.url()).pathname).toBe('/adminLogin');
    expect(await browserSignedIn(page)).toBe(false);
  });

  it('signs an admin in and takes them through /dashboard to the console', async () => {
    const release = await holdRequests(page, '**/api/pageowners/admin-login');
    await adminLogIn(ADMIN.email, ADMIN.password);
    await button('Authenticating...').waitFor();
    release();
    await page.waitForURL((url) => url.pathname === '/admin/');
    // Admins land on the console's OTP dashboard.
    await page.waitForURL((url) => url.hash.split('?')[0] === '#/otp-records');
    await page.getByRole('group', { name: 'Total Records' }).waitFor();
    // The console shares the marketplace's session: no second sign-in.
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await cachedUser(page)).toMatchObject({
      email: ADMIN.email,
      role: 'admin',
    });
  });
});

describe('/dashboard', () => {
  it('refuses a signed-in user who is not an admin, with a way home', async () => {
    const brand = await registerUser(server, { role: 'user' });
    await page.goto('/login');
    await field('Email').fill(brand.email);
    await field('Password').fill(brand.password);
    await button('Login').click();
    await waitForPath(page, '/');

    await page.goto('/dashboard');
    const refusal = page.getByRole('alert').filter({ hasText: 'Access restricted' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Access restricted to administrators only');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await waitForPath(page, '/');
  });
});
