import type { Page } from 'playwright-core';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';

/** Opens the console at /admin and signs in through react-admin's login page. */
export async function consoleLogIn(
  page: Page,
  server: TestServer,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${server.url}/admin`);
  await loginPageShown(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The console's login page: its heading and the Sign in button. */
export async function loginPageShown(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'LinkCoin console' }).waitFor();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

/** Waits until the console shows the route `#/{path}` (query string ignored). */
export function waitForConsoleRoute(page: Page, path: string): Promise<void> {
  return page.waitForURL((url) => url.hash.split('?')[0] === `#/${path}`);
}

/** Whether the browser holds a session (the server's readable companion of the refresh cookie). */
export const consoleSignedIn = async (page: Page): Promise<boolean> =>
  (await page.context().cookies()).some(
    (cookie) => cookie.name === 'linkcoin_signed_in' && cookie.value !== '',
  );
