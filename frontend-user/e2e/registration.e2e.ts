import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminEnv, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { type TestServer } from '@linkcoin/services/testing/test-server.ts';
import {
  browserSignedIn,
  cachedUser,
  fieldLabelled,
  holdRequests,
  mailedOtp,
  signInBrowser,
  uniqueEmail,
  wrongOtp,
} from '../../tooling/browser-test/accounts.ts';
import { expectMainHeading, waitForPath } from '../../tooling/browser-test/navigation.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// docs/product-spec.md sections 2 ("Registration screens"), 4 (Registration), 5 and 8, with the server-side
// code check of DESIGN 5.1.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const PASSWORD = 'sunflower-42';

const field = (label: string) => fieldLabelled(page, label);
const button = (name: string) => page.getByRole('button', { name, exact: true });
const alertWith = (text: string) => page.getByRole('alert').filter({ hasText: text });

/** Name, e-mail, Send OTP, the mailed code, Verify OTP: the form then asks for passwords. */
async function verifyEmail(name: string, email: string): Promise<void> {
  await field('Full Name').fill(name);
  await field('Email').fill(email);
  await button('Send OTP').click();
  await field('OTP').waitFor();
  await field('OTP').fill(await mailedOtp(server, email));
  await button('Verify OTP').click();
  await page.getByText('OTP verified successfully!', { exact: true }).waitFor();
}

async function choosePasswords(password: string, confirmation: string): Promise<void> {
  await field('Password').fill(password);
  await field('Confirm Password').fill(confirmation);
  await button('Register').click();
}

describe('creator registration (/Register)', () => {
  it('registers with the mailed code, logs the creator in and opens the profile wizard', async () => {
    const email = uniqueEmail('creator');
    await page.goto('/Register');
    await expectMainHeading(page, 'Creator Registration');
    expect(await button('Register as Creator').getAttribute('aria-pressed')).toBe('true');

    await verifyEmail('Asha Verma', email);
    // The third-party option and the code steps are gone once the address is verified.
    expect(await field('OTP').count()).toBe(0);
    expect(await button('Send OTP').count()).toBe(0);
    await choosePasswords(PASSWORD, PASSWORD);

    await waitForPath(page, '/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Account menu for Asha Verma' })
      .waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Login' }).count()).toBe(0);

    expect(await browserSignedIn(page)).toBe(true);
    expect(await cachedUser(page)).toMatchObject({
      ownerName: 'Asha Verma',
      email,
      role: 'influencer',
    });
  });

  it('shows the steps one after another, with the busy labels of the spec', async () => {
    const email = uniqueEmail('steps');
    await page.goto('/Register');
    await expectMainHeading(page, 'Creator Registration');
    expect(await field('OTP').count()).toBe(0);
    expect(await field('Password').count()).toBe(0);

    // Answers are held so the busy labels can be seen.
    const releaseSend = await holdRequests(page, '**/api/otp/send-otp');
    const releaseVerify = await holdRequests(page, '**/api/otp/verify');
    const releaseRegister = await holdRequests(page, '**/api/pageowners/register');
    await field('Full Name').fill('Ravi Kumar');
    await field('Email').fill(email);
    await button('Send OTP').click();
    await button('Sending OTP...').waitFor();
    expect(await button('Sending OTP...').isDisabled()).toBe(true);
    releaseSend();
    await field('OTP').waitFor();
    // The success toast, which closes by itself.
    const toast = page.getByRole('status').filter({ hasText: 'OTP sent to your email address' });
    await toast.waitFor();
    await toast.waitFor({ state: 'detached' });

    await field('OTP').fill(await mailedOtp(server, email));
    await button('Verify OTP').click();
    await button('Verifying...').waitFor();
    releaseVerify();
    await page.getByText('OTP verified successfully!', { exact: true }).waitFor();

    await choosePasswords(PASSWORD, PASSWORD);
    await button('Registering...').waitFor();
    releaseRegister();
    await waitForPath(page, '/UpdateProfile');
  });
});

describe('brand registration (/RegisterUser)', () => {
  it('registers the brand with its company and signs them in, as a creator is (issue 19)', async () => {
    const email = uniqueEmail('brand');
    await page.goto('/RegisterUser');
    await expectMainHeading(page, 'Brand Registration');
    expect(await button('Register as Brand').getAttribute('aria-pressed')).toBe('true');

    await field('Company name (optional)').fill('Chai Point Pvt Ltd');
    await verifyEmail('Meera Shah', email);
    await choosePasswords(PASSWORD, PASSWORD);

    // Signed in at once, and on to the creators.
    await waitForPath(page, '/influencers');
    await page.getByRole('button', { name: 'Account menu for Meera Shah' }).waitFor();
    expect(await browserSignedIn(page)).toBe(true);
    expect(await cachedUser(page)).toMatchObject({
      ownerName: 'Meera Shah',
      companyName: 'Chai Point Pvt Ltd',
    });
  });
});

describe('the role toggle', () => {
  it('switches the heading and resets the code steps', async () => {
    await page.goto('/Register');
    await field('Full Name').fill('Meera Nair');
    await field('Email').fill(uniqueEmail('toggle'));
    await button('Send OTP').click();
    await field('OTP').fill('123');

    await button('Register as Brand').click();
    await expectMainHeading(page, 'Brand Registration');
    expect(await button('Register as Brand').getAttribute('aria-pressed')).toBe('true');
    // OTP sent, OTP verified and the entered OTP are reset; name and e-mail stay.
    expect(await field('OTP').count()).toBe(0);
    expect(await field('Full Name').inputValue()).toBe('Meera Nair');

    await button('Register as Creator').click();
    await expectMainHeading(page, 'Creator Registration');
  });
});

describe('registration validation', () => {
  beforeEach(async () => {
    await page.goto('/Register');
    await expectMainHeading(page, 'Creator Registration');
  });

  it('keeps Send OTP disabled until both name and email are entered', async () => {
    expect(await button('Send OTP').isDisabled()).toBe(true);
    await field('Full Name').fill('Asha');
    expect(await button('Send OTP').isDisabled()).toBe(true);
    await field('Email').fill('asha@example.in');
    expect(await button('Send OTP').isDisabled()).toBe(false);
  });

  it('asks for both name and email when they are blank', async () => {
    await field('Full Name').fill('   ');
    await field('Email').fill('someone@example.in');
    await button('Send OTP').click();
    await alertWith('Please enter both name and email').waitFor();
  });

  it('tells a registered address to log in instead', async () => {
    const member = await registerUser(server, { role: 'user' });
    await field('Full Name').fill('Someone Else');
    await field('Email').fill(member.email);
    await button('Send OTP').click();
    await alertWith('Email already registered. Please login instead.').waitFor();
    expect(await field('OTP').count()).toBe(0);
  });

  it('asks for the code, refuses a wrong one and clears the error on edit', async () => {
    const email = uniqueEmail('wrong-otp');
    await field('Full Name').fill('Dev Patel');
    await field('Email').fill(email);
    await button('Send OTP').click();
    await field('OTP').waitFor();

    await button('Verify OTP').click();
    await alertWith('Please enter the OTP').waitFor();

    await field('OTP').fill(wrongOtp(await mailedOtp(server, email)));
    expect(await alertWith('Please enter the OTP').count()).toBe(0);
    await button('Verify OTP').click();
    await alertWith('Invalid OTP. Please try again.').waitFor();
    expect(await field('Password').count()).toBe(0);

    await field('OTP').fill('1');
    expect(await alertWith('Invalid OTP. Please try again.').count()).toBe(0);
  });

  it('checks that the passwords match and are long enough, clearing the error on edit', async () => {
    await verifyEmail('Kiran Rao', uniqueEmail('passwords'));

    await choosePasswords('sunflower-1', 'sunflower-2');
    await alertWith('Passwords do not match').waitFor();
    await field('Password').fill('sunflower-2');
    expect(await alertWith('Passwords do not match').count()).toBe(0);

    await choosePasswords('abc', 'abc');
    await alertWith('Password must be at least 6 characters').waitFor();
    await field('Confirm Password').fill('abcd');
    expect(await alertWith('Password must be at least 6 characters').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/Register');
  });
});

describe('a signed-in visitor', () => {
  it('is sent from /Register to /login, which sends them on to /UpdateProfile', async () => {
    const member = await registerUser(server, { role: 'influencer' });
    await signInBrowser(page, server, member);
    await page.goto('/Register');
    await waitForPath(page, '/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');
  });
});
