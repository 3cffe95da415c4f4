import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { APP_STORE_URL } from '../src/features/deeplink/config.ts';
import { expectMainHeading } from '../../tooling/browser-test/navigation.ts';
import { useBrowserTest } from '../../tooling/browser-test/harness.ts';

// docs/product-spec.md section 2: /privacy-policy and /PublicProfile.

const harness = useBrowserTest();
let page: Page;

beforeEach(() => {
  ({ page } = harness);
});

describe('privacy policy', () => {
  it('has the ten sections of the spec, in order', async () => {
    await page.goto('/privacy-policy');
    await expectMainHeading(page, 'Privacy Policy');
    const headings = await page
      .getByRole('main')
      .getByRole('heading', { level: 2 })
      .allTextContents();
    expect(headings).toEqual([
      '1. Introduction',
      '2. Information We Collect',
      '3. How We Use Your Information',
      '4. How We Share Information',
      '5. Data Security',
      '6. Your Rights',
      '7. Third-Party Links',
      '8. Children Under 13',
      '9. Changes to This Policy',
      '10. Contact Us',
    ]);
  });
});

describe('public profile deep link', () => {
  /**
   * Holds the app-store navigation until released, so the page stays on screen while it is
   * checked, then answers it locally (no request leaves the machine).
   */
  async function holdAppStore(): Promise<{ requested: Promise<void>; release: () => void }> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let markRequested = () => {};
    const requested = new Promise<void>((resolve) => (markRequested = resolve));
    await page.route(APP_STORE_URL, async (route) => {
      markRequested();
      await released;
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>App store</title><h1>LinkCoin on the app store</h1>',
      });
    });
    return { requested, release };
  }

  it('offers the store link at once, tries the app, then redirects to the store', async () => {
    const store = await holdAppStore();
    await page.goto('/PublicProfile?userId=u-42&name=Asha%20Verma');
    await expectMainHeading(page, "Opening Asha Verma's profile");

    const fallback = page.getByRole('link', { name: 'click here' });
    expect(await fallback.getAttribute('href')).toBe(APP_STORE_URL);
    const openInApp = page.getByRole('link', { name: 'Open in the app' });
    expect(await openInApp.getAttribute('href')).toBe('linkcoin://profile/u-42');

    await store.requested;
    store.release();
    await page.waitForURL(APP_STORE_URL);
    await page.getByRole('heading', { name: 'LinkCoin on the app store' }).waitFor();
  });

  it('works without a name', async () => {
    const store = await holdAppStore();
    await page.goto('/PublicProfile?userId=u-7');
    await expectMainHeading(page, 'Opening the LinkCoin app');
    expect(await page.getByRole('link', { name: 'click here' }).getAttribute('href')).toBe(
      APP_STORE_URL,
    );
    await store.requested;
    store.release();
    await page.waitForURL(APP_STORE_URL);
  });
});
