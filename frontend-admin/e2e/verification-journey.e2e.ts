import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { HANDLE_CLAIM_MESSAGES } from '@linkcoin/domain/verification/handle-claim.ts';
import { INSTAGRAM_MESSAGES } from '@linkcoin/domain/verification/instagram.ts';
import { ADMIN, adminEnv, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { instagramWizard, saveProfile } from '@linkcoin/services/testing/profiles.ts';
import { startTestServer, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import { signInBrowser } from '../../tooling/browser-test/accounts.ts';
import { DESKTOP_VIEWPORT, launchBrowser } from '../../tooling/browser-test/browser.ts';
import { expectMainHeading } from '../../tooling/browser-test/navigation.ts';
import { consoleLogIn, waitForConsoleRoute } from './support/console.ts';

/*
 * The whole Instagram verification as the three people live it (issue 4): the creator asks for a
 * code in the wizard, an admin copies the direct message and presses Send Otp in the console, the
 * creator types the code, and the public profile shows the verified account, while a brand sees
 * the same page without the creator's contact details.
 */
describe('Instagram verification, creator to console and back', () => {
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP_VIEWPORT });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>video</p>' }),
    );
    return page;
  };

  const signIn = async (page: Page, user: Parameters<typeof signInBrowser>[2], path: string) => {
    await signInBrowser(page, server, user);
    await page.goto(path);
  };

  beforeAll(async () => {
    server = await startTestServer({ env: adminEnv });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  let handle = '';
  let creator: Awaited<ReturnType<typeof registerUser>>;

  it('verifies the account through the admin desk and shows it on the public profile', async () => {
    handle = `asha.cooks.${Date.now()}`;
    creator = await registerUser(server, { role: 'influencer', ownerName: 'Asha Verma' });
    // The wizard's "Full name" holds the name the creator signed up with; the handle is apart.
    await saveProfile(server, creator, {
      ...instagramWizard(handle),
      ownerName: 'Asha Verma',
    }).expect(200);

    // The creator asks for a code on the Verification step.
    const creatorPage = await newPage();
    await signIn(creatorPage, creator, '/UpdateProfile');
    await expectMainHeading(creatorPage, 'Update Profile');
    await creatorPage
      .getByRole('navigation', { name: 'Profile steps' })
      .getByRole('tab', { name: 'Verification' })
      .click();
    const card = creatorPage.getByRole('region', { name: `Instagram verification for ${handle}` });
    await card.getByRole('button', { name: 'Send OTP' }).click();
    await card.getByRole('button', { name: 'Resend OTP' }).waitFor();
    // A code typed before the desk sent one is refused, and uses no try.
    await card.getByRole('textbox', { name: /OTP/ }).fill('123456');
    await card.getByRole('button', { name: 'Verify OTP' }).click();
    await card.getByText(INSTAGRAM_MESSAGES.notSentYet).waitFor();

    // The admin finds the request in the console, copies the DM and marks it sent.
    const adminPage = await newPage();
    await adminPage
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await consoleLogIn(adminPage, server, ADMIN.email, ADMIN.password);
    await waitForConsoleRoute(adminPage, 'otp-records');
    const row = adminPage.getByRole('row').filter({ hasText: `@${handle}` });
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByRole('cell').nth(2).click();
    const panel = adminPage.getByRole('complementary', { name: 'OTP record' });

    await panel.getByRole('button', { name: 'Copy DM Message' }).click();
    await adminPage.getByText('Copied message to clipboard!').first().waitFor();
    const dm = await adminPage.evaluate<string>('navigator.clipboard.readText()');
    expect(dm).toContain(`@${handle}`);
    const code = /\b(\d{6})\b/.exec(dm)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await panel.getByRole('button', { name: 'Send Otp' }).click();
    await row.getByText('Sent', { exact: true }).waitFor();

    // The creator types the code from the direct message.
    await card.getByRole('textbox', { name: /OTP/ }).fill(code!);
    await card.getByRole('button', { name: 'Verify OTP' }).click();
    await card.getByText('✓ This account is verified').waitFor();

    // The console follows: the record is verified.
    // The list's own Refresh (the app bar has an icon-only one with the same name).
    await adminPage.getByRole('button', { name: 'Refresh' }).filter({ hasText: 'Refresh' }).click();

    await row.getByText('Verified', { exact: true }).waitFor();

    // The public profile shows the verified account, the prices and the posts.
    await creatorPage.goto(`/Profile/${creator.userId}`);
    const accounts = creatorPage
      .getByRole('region', { name: 'Social Accounts' })
      .or(creatorPage.locator('section', { hasText: 'Social Accounts' }))
      .first();
    await accounts.getByText(handle, { exact: true }).waitFor();
    await accounts.getByText('Verified', { exact: true }).waitFor();
    // Verified by the name itself, and the audience (issue 19).
    await creatorPage
      .getByRole('heading', { level: 1 })
      .getByRole('img', { name: 'Verified' })
      .waitFor();
    await creatorPage.getByText('Audience location', { exact: true }).waitFor();
    await creatorPage.getByText('₹1,500').waitFor();
    await creatorPage.getByText('₹3,000').waitFor();
    await creatorPage.getByText('₹5,000').waitFor();
    await creatorPage.getByRole('heading', { name: 'Popular Posts' }).waitFor();
    await creatorPage.getByText(creator.email).waitFor();

    // A brand sees the same page without the creator's contact details.
    const brand = await registerUser(server, { role: 'user', ownerName: 'Tiffin Tales Foods' });
    const brandPage = await newPage();
    await signIn(brandPage, brand, `/Profile/${creator.userId}`);
    await brandPage.getByText(handle, { exact: true }).first().waitFor();
    await brandPage.getByText('₹5,000').waitFor();
    expect(await brandPage.getByText(creator.email).count()).toBe(0);
    expect(await brandPage.getByText('+91 98765 43210').count()).toBe(0);
    expect(await brandPage.getByText(/WhatsApp/).count()).toBe(0);
  });

  it('refuses the handle to a second creator, who asks the desk; the desk moves the verification', async () => {
    const second = await registerUser(server, { role: 'influencer', ownerName: 'Nandini Gupta' });
    await saveProfile(server, second, {
      ...instagramWizard(handle),
      ownerName: 'Nandini Gupta',
    }).expect(200);
    // On a phone.
    const secondPage = await newPage();
    await secondPage.setViewportSize({ width: 360, height: 740 });
    await signIn(secondPage, second, '/UpdateProfile');
    await expectMainHeading(secondPage, 'Update Profile');
    await secondPage
      .getByRole('navigation', { name: 'Profile steps' })
      .getByRole('tab', { name: 'Verification' })
      .click();
    const card = secondPage.getByRole('region', { name: `Instagram verification for ${handle}` });
    await card.getByRole('button', { name: 'Send OTP' }).click();
    await card.getByText(INSTAGRAM_MESSAGES.claimedByOther).waitFor();
    await card
      .getByRole('textbox', { name: 'What should the desk know? (optional)' })
      .fill('This page is mine; I can show the desk my inbox.');
    await card.getByRole('button', { name: 'Ask the desk to review' }).click();
    await card.getByText(HANDLE_CLAIM_MESSAGES.disputed).waitFor();
    expect(
      await secondPage.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      ),
    ).toBe(0);

    // The desk sees both claims and moves the verification, after a confirmation.
    const adminPage = await newPage();
    await consoleLogIn(adminPage, server, ADMIN.email, ADMIN.password);
    await waitForConsoleRoute(adminPage, 'otp-records');
    await adminPage.getByRole('menuitem', { name: 'Verification claims' }).click();
    const row = adminPage.getByRole('row').filter({ hasText: `@${handle}` });
    await row.waitFor();
    await row.getByText('Asha Verma').waitFor();
    await row.getByRole('cell').first().click();
    const requests = adminPage.getByRole('table', { name: 'Requests to the desk' });
    await requests.getByText('This page is mine; I can show the desk my inbox.').waitFor();
    await requests.getByRole('button', { name: 'Make verified owner' }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Give @${handle} to Nandini Gupta?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Give' }).click();
    await adminPage.getByText(`@${handle} is verified for Nandini Gupta only`).waitFor();
    const claims = adminPage.getByRole('table', { name: 'Verified claims' });
    await claims.getByRole('row').filter({ hasText: 'Withdrawn' }).waitFor();

    // The public profiles follow: verified for the second creator, no longer for the first.
    await secondPage.goto(`/Profile/${second.userId}`);
    await secondPage.getByRole('img', { name: 'Verified' }).first().waitFor();
    const first = await request(server.url).get(`/api/pageowners/user/${creator.userId}`);
    expect(first.body.data.profileDetails[0].verified).toBe(false);
  });
});
