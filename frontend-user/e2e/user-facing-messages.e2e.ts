import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, adminEnv, loginAdmin, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { grantCoins } from '@linkcoin/services/testing/collections.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { fieldLabelled } from '../../tooling/browser-test/accounts.ts';
import { confirmDialog, spendButton } from './support/chat.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';
import { expectMainHeading, waitForPath } from '../../tooling/browser-test/navigation.ts';
import { messageLog, unvoiced } from './support/voice.ts';
import { openSignedIn } from '../../tooling/browser-test/wallet.ts';

// Issue 19, "Words people understand": every refusal either app shows is a sentence in the
// product's voice (domain/shared/voice.ts), never a field path ("mobile: …") or an error code;
// the server's own reason is shown where the spec has no text. Refusals are driven here from
// the forms and, where a form would not send a bad value, by changing the request on its way.

const harness = useBrowserTest({ env: adminEnv });
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const field = (label: string) => fieldLabelled(page, label);

/** Rewrites the JSON body of the next requests to `url` before it leaves the browser. */
async function changeBody(url: string, change: (body: Record<string, unknown>) => object) {
  await page.route(url, (route) =>
    route.continue({
      postData: JSON.stringify(
        change(JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>),
      ),
    }),
  );
}

describe('what people are told', () => {
  it('is a sentence in the user app: sign-in, sign-up, the wizard, the list, the password', async () => {
    const log = messageLog(page);
    const creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Cooks' });
    const brand = await registerUser(server, { role: 'user', ownerName: 'Meera Shah' });
    const otherBrand = await registerUser(server, { role: 'user', ownerName: 'Kabir Rao' });

    // Signing in with a wrong password.
    await page.goto('/login');
    await field('Email').fill(brand.email);
    await field('Password').fill('not the password');
    await button('Login').click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await log.look();

    // Signing up with an address already taken.
    await page.goto('/Register');
    await field('Full Name').fill('Someone Else');
    await field('Email').fill(creator.email);
    await button('Send OTP').click();
    await page.getByText('Email already registered. Please login instead.').first().waitFor();
    await log.look();

    // The wizard: a name left empty and a phone number that is not one, checked in the form.
    await openSignedIn(page, server, creator, '/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');
    await field('Full name').fill('');
    await field('Phone Number').fill('call me');
    await button('Save & Next').click();
    const failure = page.getByRole('alertdialog');
    await failure.getByRole('alert').filter({ hasText: 'Failed to update profile' }).waitFor();
    await page.getByText('Enter your name').first().waitFor();
    await log.look();
    await failure.getByRole('button', { name: 'OK' }).click();

    // ... and the server's own refusal, for a value that got past the form.
    await field('Full name').fill('Asha Cooks');
    await field('Phone Number').fill('+91 98765 43210');
    await changeBody('**/api/pageowners/updateUser/**', (body) => ({
      ...body,
      mobile: 'call me',
      description: 'x'.repeat(2001),
    }));
    await button('Save & Next').click();
    await failure
      .getByText('Phone numbers may contain digits, spaces, dashes and a leading +')
      .waitFor();
    await log.look();
    await failure.getByRole('button', { name: 'OK' }).click();
    await page.unrouteAll();

    // The list: the server's reason where the spec has none.
    await grantCoins(server, await loginAdmin(server), brand, 2);
    await harness.newPage();
    page = harness.page;
    const listLog = messageLog(page);
    await openSignedIn(page, server, brand, `/Profile/${creator.userId}`);
    await changeBody('**/api/collection/users/add', (body) => ({
      ...body,
      targetUserId: otherBrand.userId,
    }));
    await button('Add to List').click();
    await spendButton(
      confirmDialog(page, 'Spend 1 LinkCoin to add this user to your list. Are you sure?'),
    ).click();
    await page.getByText('Only creators can be added to a list.').waitFor();
    await listLog.look();
    await page.unrouteAll();

    // Changing the password with a wrong current one, and a new one too short.
    await page.goto('/change-password');
    await field('Current password').fill('not the password');
    await field('New password').fill('abc');
    await field('Confirm new password').fill('abc');
    await button('Change Password').click();
    await page.getByText('Password must be at least 6 characters').first().waitFor();
    await listLog.look();
    await field('New password').fill('a brand new password');
    await field('Confirm new password').fill('a brand new password');
    await button('Change Password').click();
    await page.getByText('Your current password is not correct.').waitFor();
    await listLog.look();

    const seen = new Set([...log.seen, ...listLog.seen]);
    expect(unvoiced(seen)).toEqual([]);
    // What was looked at: the refusals above, as people read them.
    for (const expected of [
      'Invalid email or password - Please try again',
      'Email already registered. Please login instead.',
      'Enter your name',
      'Phone numbers may contain digits, spaces, dashes and a leading +',
      'Only creators can be added to a list.',
      'Your current password is not correct.',
    ]) {
      expect(
        [...seen].some((message) => message.includes(expected)),
        expected,
      ).toBe(true);
    }
  });

  it('is a sentence in the console: sign-in and granting coins', async () => {
    const brand = await registerUser(server, { role: 'user', ownerName: 'Tara Mehta' });
    const log = messageLog(page);

    await page.goto(`${server.url}/admin`);
    await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
    await page.getByLabel('Password').first().fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password').first().waitFor();
    await log.look();

    await page.getByLabel('Password').first().fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.hash.split('?')[0] === '#/otp-records');
    await page.goto(`${server.url}/admin/#/wallets/${brand.userId}/show`);
    await page.getByRole('button', { name: 'Grant LinkCoins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant LinkCoins' });
    // Nothing filled in: the dialog says what is missing.
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await dialog.getByText('Coins must be a whole number from 1 to 10000.').waitFor();
    await dialog.getByText('Say why these coins are granted').waitFor();
    await log.look();

    // A grant the dialog would not send, refused by the server.
    await changeBody('**/api/admin/wallets/**/grants', () => ({ coins: 'ten', reason: 'x' }));
    await dialog.getByLabel('LinkCoins').fill('5');
    await dialog.getByLabel('Reason').fill('Launch week bonus');
    await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
    await page.getByText('Coins must be a whole number, in digits only.').first().waitFor();
    await log.look();

    expect(unvoiced(log.seen)).toEqual([]);
    expect([...log.seen].some((message) => message.includes('Invalid email or password'))).toBe(
      true,
    );
    await waitForPath(page, '/admin/');
  });
});
