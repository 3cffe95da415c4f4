import type { Page } from 'playwright-core';

/** Waits until the page shows `pathname` (exact, case-sensitive), by navigation or history. */
export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** The path of the page's current URL. */
export function currentPath(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Waits until the page's h1 reads `text` exactly; fails (by timing out) if it never does. Pages
 * load on demand, so right after a URL change the previous page can still be on screen.
 */
export async function expectMainHeading(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
}
