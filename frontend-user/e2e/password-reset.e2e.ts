import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { adjustableClock, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import {
  fieldLabelled,
  mailedOtp,
  uniqueEmail,
  wrongOtp,
} from '../../tooling/browser-test/accounts.ts';
import { expectMainHeading, waitForPath } from '../../tooling/browser-test/navigation.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// docs/product-spec.md sections 2 ("Forgot password"), 4, 5 and 8, with the server-side code check of DESIGN 5.1.

// Registering mails a code; another code to the same address waits a minute (resend throttle).
const clock = adjustableClock();
const harness = useBrowserTest({ env: adminEnv, clock });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

beforeEach(async () => {
  await page.goto('/forgot-password');
  await expectMainHeading(page, 'Forgot password');
});

/** A registered member whose registration code is older than the resend interval. */
async function registeredMember() {
  const member = await registerUser(server, { role: 'influencer' });
  clock.advance(61_000);
  return member;
}

const field = (label: string) => fieldLabelled(page, label);
const button = (name: string) => page.getByRole('button', { name, exact: true });
const alertWith = (text: string) => page.getByRole('alert').filter({ hasText: text });

/** Steps 1 and 2: the address (typed as given), Send OTP, the mailed code, Verify OTP. */
async function verifyResetCode(typedEmail: string, mailbox: string): Promise<void> {
  await field('Email').fill(typedEmail);
  await button('Send OTP').click();
  await field('OTP').waitFor();
  await field('OTP').fill(await mailedOtp(server, mailbox));
  await button('Verify OTP').click();
  await field('New Password').waitFor();
}

describe('password reset', () => {
  it('resets with the mailed code, goes back to /login, and the new password works', async () => {
    const member = await registeredMember();
    // Typed in capitals: the reset code goes to the lower-cased address.
    await verifyResetCode(member.email.toUpperCase(), member.email);
    await field('New Password').fill('a-brand-new-secret');
    await field('Confirm New Password').fill('a-brand-new-secret');
    await button('Reset Password').click();

    await page
      .getByRole('status')
      .filter({ hasText: 'Password has been reset successfully!' })
      .first()
      .waitFor();
    await waitForPath(page, '/login');
    await expectMainHeading(page, 'Welcome Back');

    await field('Email').fill(member.email);
    await field('Password').fill(member.password);
    await button('Login').click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Invalid email or password - Please try again' })
      .waitFor();

    await field('Password').fill('a-brand-new-secret');
    await button('Login').click();
    await waitForPath(page, '/UpdateProfile');
  });

  it('has a Sign in link to /login', async () => {
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/login');
  });
});

describe('password reset validation', () => {
  it('shows the server wait when a code was sent a moment ago', async () => {
    const member = await registerUser(server);
    await field('Email').fill(member.email);
    await button('Send OTP').click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Please wait \d+ seconds before requesting another OTP\.$/ })
      .waitFor();
  });

  it('asks for the address and names an unknown one', async () => {
    await button('Send OTP').click();
    await alertWith('Please enter your email address').waitFor();

    await field('Email').fill(uniqueEmail('nobody'));
    await button('Send OTP').click();
    await alertWith('No user found with this email address').waitFor();
    expect(await field('OTP').count()).toBe(0);
  });

  it('asks for the code and refuses a wrong one', async () => {
    const member = await registeredMember();
    await field('Email').fill(member.email);
    await button('Send OTP').click();
    await field('OTP').waitFor();
    await button('Verify OTP').click();
    await alertWith('Please enter the OTP').waitFor();

    await field('OTP').fill(wrongOtp(await mailedOtp(server, member.email)));
    await button('Verify OTP').click();
    await alertWith('Invalid OTP. Please try again.').waitFor();
    expect(await field('New Password').count()).toBe(0);
  });

  it('asks for both passwords, matching and long enough', async () => {
    const member = await registeredMember();
    await verifyResetCode(member.email, member.email);

    await button('Reset Password').click();
    await alertWith('Please enter and confirm your new password').waitFor();

    await field('New Password').fill('secret-one');
    await field('Confirm New Password').fill('secret-two');
    await button('Reset Password').click();
    await alertWith('Passwords do not match').waitFor();

    await field('New Password').fill('abc');
    await field('Confirm New Password').fill('abc');
    await button('Reset Password').click();
    await alertWith('Password must be at least 6 characters').waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
  });
});
