import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerUser } from '@linkcoin/services/testing/accounts.ts';
import { browserSignedIn, signInBrowser } from '../../tooling/browser-test/accounts.ts';
import { PHONE_VIEWPORT } from '../../tooling/browser-test/browser.ts';
import {
  currentPath,
  expectMainHeading,
  waitForPath,
} from '../../tooling/browser-test/navigation.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// docs/product-spec.md section 2 (routes, protected routes) and "Top navigation bar".

const harness = useBrowserTest();
let server: TestServer;
let page: Page;

beforeEach(() => {
  ({ server, page } = harness);
});

const HOME_HEADING = 'Where brands meet verified creators';
const ABOUT_HEADING = "Building India's most trusted creator marketplace";
const LOGIN_HEADING = 'Welcome Back';

describe('top navigation bar', () => {
  const mainNav = () => page.getByRole('navigation', { name: 'Main navigation' });

  it.each([
    ['HOME', '/', HOME_HEADING],
    ['ABOUT US', '/aboutus', ABOUT_HEADING],
    ['INFLUENCER', '/login', LOGIN_HEADING],
    ['PUBLISH AD', '/login', LOGIN_HEADING],
  ])('%s goes to %s', async (label, path, heading) => {
    await page.goto('/privacy-policy');
    await mainNav().getByRole('link', { name: label, exact: true }).click();
    await waitForPath(page, path);
    await expectMainHeading(page, heading);
  });

  it('offers visitors a Login button to /login', async () => {
    await page.goto('/aboutus');
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
    await waitForPath(page, '/login');
    await expectMainHeading(page, LOGIN_HEADING);
  });

  it('links the LinkCoin brand to the home page', async () => {
    await page.goto('/aboutus');
    await page.getByRole('link', { name: 'LinkCoin home' }).click();
    await waitForPath(page, '/');
    await expectMainHeading(page, HOME_HEADING);
  });

  it('marks the page being shown as current', async () => {
    await page.goto('/aboutus');
    const about = mainNav().getByRole('link', { name: 'ABOUT US' });
    await about.waitFor();
    expect(await about.getAttribute('aria-current')).toBe('page');
    expect(await mainNav().getByRole('link', { name: 'HOME' }).getAttribute('aria-current')).toBe(
      null,
    );
  });
});

describe('phone-sized screens', () => {
  it('fold the links into a drawer opened by the menu button', async () => {
    const phone = await harness.browser.newContext({
      baseURL: server.url,
      viewport: PHONE_VIEWPORT,
    });
    try {
      const phonePage = await phone.newPage();
      await phonePage.goto('/');
      const inlineNav = phonePage.getByRole('navigation', { name: 'Main navigation' });
      const menuButton = phonePage.getByRole('button', { name: 'Open navigation menu' });
      await menuButton.waitFor();
      expect(await inlineNav.count()).toBe(0);

      await menuButton.click();
      const drawerNav = phonePage.getByRole('navigation', { name: 'Main navigation' });
      await drawerNav.waitFor();
      const labels = await drawerNav.getByRole('link').allTextContents();
      expect(labels).toEqual(['HOME', 'ABOUT US', 'INFLUENCER', 'PUBLISH AD']);

      await drawerNav.getByRole('link', { name: 'ABOUT US' }).click();
      await waitForPath(phonePage, '/aboutus');
      await drawerNav.waitFor({ state: 'detached' });
      await expectMainHeading(phonePage, ABOUT_HEADING);
    } finally {
      await phone.close();
    }
  });
  it.each([
    ['/', HOME_HEADING],
    ['/aboutus', ABOUT_HEADING],
    ['/launcPage', 'Be first on LinkCoin'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/login', LOGIN_HEADING],
    ['/Register', 'Creator Registration'],
    ['/RegisterUser', 'Brand Registration'],
    ['/forgot-password', 'Forgot password'],
    ['/adminLogin', 'Admin Login'],
  ])('fit %s on a 360 px screen without sideways scrolling', async (path, heading) => {
    const narrow = await harness.browser.newContext({
      baseURL: server.url,
      viewport: { width: 360, height: 740 },
    });
    try {
      const narrowPage = await narrow.newPage();
      await narrowPage.goto(path);
      await expectMainHeading(narrowPage, heading);
      const overflow = await narrowPage.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBe(0);
    } finally {
      await narrow.close();
    }
  });
});

describe('footer', () => {
  it.each([
    ['Privacy Policy', '/privacy-policy'],
    ['Admin login', '/adminLogin'],
  ])('links %s to %s', async (label, path) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: label, exact: true }).click();
    await waitForPath(page, path);
  });

  it('states the enterprise, support and payment assurances', async () => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const title of ['Enterprise solutions', '24/7 support', 'PCI-compliant payments']) {
      await footer.getByRole('heading', { name: title }).waitFor();
    }
  });
});

describe('routes', () => {
  it('serve the About page at both /AboutUs and /aboutus', async () => {
    for (const path of ['/AboutUs', '/aboutus']) {
      await page.goto(path);
      await expectMainHeading(page, ABOUT_HEADING);
    }
  });

  it('show a not-found page with a way home for unknown paths', async () => {
    await page.goto('/no-such-page');
    await expectMainHeading(page, 'Page not found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await waitForPath(page, '/');
    await expectMainHeading(page, HOME_HEADING);
  });
});

describe('protected routes', () => {
  it.each([
    '/UpdateProfile',
    '/dashboard',
    '/payment',
    '/payment-success',
    '/payment-failure',
    '/wallet',
    '/MessagingApp/u-1',
  ])('send a visitor without a session from %s to /login', async (path) => {
    await page.goto(path);
    await waitForPath(page, '/login');
    await expectMainHeading(page, LOGIN_HEADING);
  });

  it('replace the history entry, so "back" does not return to the protected page', async () => {
    await page.goto('/aboutus');
    await expectMainHeading(page, ABOUT_HEADING);
    await page.goto('/UpdateProfile');
    await waitForPath(page, '/login');
    await expectMainHeading(page, LOGIN_HEADING);
    // With a pushed entry, "back" would land on /UpdateProfile and be redirected to /login again.
    await page.goBack();
    await waitForPath(page, '/aboutus');
    await expectMainHeading(page, ABOUT_HEADING);
  });

  it('let a visitor with a live session through', async () => {
    const member = await registerUser(server, { role: 'influencer' });
    await page.goto('/');
    await expectMainHeading(page, HOME_HEADING);
    await signInBrowser(page, server, member);
    await page.goto('/UpdateProfile');
    await expectMainHeading(page, 'Update Profile');
    expect(currentPath(page)).toBe('/UpdateProfile');
  });

  it('send a visitor whose session cookie the server refuses to /login', async () => {
    await page.goto('/');
    await expectMainHeading(page, HOME_HEADING);
    // A forged session: the readable companion cookie and a refresh cookie nobody issued.
    const url = new URL(server.url);
    await page.context().addCookies([
      { name: 'linkcoin_signed_in', value: '1', domain: url.hostname, path: '/' },
      {
        name: 'linkcoin_refresh',
        value: `${crypto.randomUUID()}.${'A'.repeat(43)}`,
        domain: url.hostname,
        path: '/api/pageowners/refresh',
        httpOnly: true,
        sameSite: 'Strict',
      },
    ]);
    await page.goto('/UpdateProfile');
    await waitForPath(page, '/login');
    await expectMainHeading(page, LOGIN_HEADING);
    expect(await browserSignedIn(page)).toBe(false);
  });
});
