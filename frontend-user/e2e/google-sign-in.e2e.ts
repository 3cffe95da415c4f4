import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminEnv, registerUser } from '@linkcoin/services/testing/accounts.ts';
import { startTestServer, type TestServer } from '@linkcoin/services/testing/test-server.ts';
import {
  apiLogin,
  fieldLabelled,
  mailedOtp,
  browserSignedIn,
  tokenInStorage,
  uniqueEmail,
} from '../../tooling/browser-test/accounts.ts';
import { DESKTOP_VIEWPORT, launchBrowser } from '../../tooling/browser-test/browser.ts';
import { expectMainHeading, waitForPath } from '../../tooling/browser-test/navigation.ts';

// docs/product-spec.md sections 2 and 7 (third-party sign-in widget) and 8 (its failures are only logged).
// Google's script is replaced by a stand-in, so no request leaves the machine.

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
const CLIENT_ID = 'linkcoin-e2e.apps.googleusercontent.com';
const CREDENTIAL = 'e2e-header.e2e-payload.e2e-signature-not-from-google';

/** Stands in for Google Identity Services: a button that hands the callback a credential. */
const FAKE_GOOGLE_SCRIPT = `
window.google = { accounts: { id: {
  initialize: function (config) { window.__gsiConfig = config; },
  renderButton: function (parent) {
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Continue with Google';
    button.onclick = function () { window.__gsiConfig.callback({ credential: '${CREDENTIAL}' }); };
    parent.append(button);
  }
} } };`;

let configured: TestServer;
let unconfigured: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [configured, unconfigured] = await Promise.all([
    startTestServer({
      env: {
        ...adminEnv,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        // Nothing listens here: the server cannot verify the stand-in credential.
        GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs',
      },
    }),
    startTestServer({ env: adminEnv }),
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([configured?.stop(), unconfigured?.stop()]);
});

let googleRequests: unknown[];
let consoleErrors: string[];

beforeEach(async () => {
  context = await browser.newContext({ viewport: DESKTOP_VIEWPORT });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  googleRequests = [];
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/api/pageowners/google')) {
      googleRequests.push(request.postDataJSON());
    }
  });
  await page.route(GOOGLE_SCRIPT, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GOOGLE_SCRIPT }),
  );
});

afterEach(async () => {
  await context.close();
});

const googleButton = () => page.getByRole('button', { name: 'Continue with Google' });

describe('without a Google client id', () => {
  it('shows no third-party option and loads nothing from Google', async () => {
    let scriptRequested = false;
    page.on('request', (request) => {
      if (request.url().startsWith('https://accounts.google.com/')) scriptRequested = true;
    });
    for (const path of ['/login', '/Register']) {
      await page.goto(`${unconfigured.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await googleButton().count()).toBe(0);
      expect(await page.getByTestId('google-sign-in').count()).toBe(0);
    }
    expect(scriptRequested).toBe(false);
  });
});

describe('with a Google client id', () => {
  it('offers the widget on the login screen and sends the credential without a role', async () => {
    await page.goto(`${configured.url}/login`);
    await expectMainHeading(page, 'Welcome Back');
    await googleButton().click();
    await expect.poll(() => googleRequests).toEqual([{ credential: CREDENTIAL }]);
    expect(await page.evaluate('window.__gsiConfig.client_id')).toBe(CLIENT_ID);
    // The server refused the stand-in: only logged, nothing shown, nobody signed in.
    await expect
      .poll(() => consoleErrors.some((e) => e.includes('Google sign-in failed')))
      .toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await browserSignedIn(page)).toBe(false);
  });

  it('tells an address without an account on /login to sign up first', async () => {
    // The server's answer for a Google address no account uses, stood in for as above.
    await page.route('**/api/pageowners/google', (route) =>
      route.fulfill({
        status: 404,
        json: {
          success: false,
          message: 'No account uses this Google address yet. Please sign up first.',
        },
      }),
    );
    await page.goto(`${configured.url}/login`);
    await expectMainHeading(page, 'Welcome Back');
    await googleButton().click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'No account uses this Google address yet. Please sign up first.' })
      .waitFor();
    expect(await browserSignedIn(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('registers with the chosen role and hides the option once the OTP is verified', async () => {
    await page.goto(`${configured.url}/RegisterUser`);
    await expectMainHeading(page, 'Brand Registration');
    await googleButton().click();
    await expect.poll(() => googleRequests).toEqual([{ credential: CREDENTIAL, role: 'user' }]);

    const email = uniqueEmail('google-hidden');
    await fieldLabelled(page, 'Full Name').fill('Brand With Code');
    await fieldLabelled(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await fieldLabelled(page, 'OTP').waitFor();
    await fieldLabelled(page, 'OTP').fill(await mailedOtp(configured, email));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('OTP verified successfully!').waitFor();
    expect(await googleButton().count()).toBe(0);
  });

  it('signs a new creator in and opens the profile wizard when Google accepts', async () => {
    // The server's Google verification has its own tests: here its answer is stood in for.
    const creator = await registerUser(configured, { role: 'influencer', ownerName: 'Via Google' });
    const answer = await apiLogin(configured, creator);
    await page.route('**/api/pageowners/google', (route) =>
      route.fulfill({ status: 201, json: { ...answer, isNewUser: true } }),
    );
    await page.goto(`${configured.url}/Register`);
    await expectMainHeading(page, 'Creator Registration');
    await googleButton().click();
    await waitForPath(page, '/UpdateProfile');
    await page.getByRole('button', { name: 'Account menu for Via Google' }).waitFor();
    // Signed in, and no token anywhere a script could read it.
    expect(await tokenInStorage(page)).toBe(false);
    expect(googleRequests).toEqual([{ credential: CREDENTIAL, role: 'influencer' }]);
  });
});
