import type { Page } from 'playwright-core';
import type { AuthAnswer } from '@linkcoin/domain/accounts/contracts.ts';
import { latestOtp, type TestUser } from '@linkcoin/services/testing/accounts.ts';
import type { TestServer } from '@linkcoin/services/testing/test-server.ts';

let sequence = 0;

/** A fresh address per call, so codes and rate limits never collide between tests. */
export function uniqueEmail(label: string): string {
  sequence += 1;
  return `${label}-${sequence}-${Date.now()}@example.in`;
}

/** The code mailed to `email` by the last Send OTP, read from the outbox as a person would. */
export function mailedOtp(server: TestServer, email: string): Promise<string> {
  return latestOtp(server, email);
}

/** A code that is certainly not `code`. */
export function wrongOtp(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

/** Logs in through the API, as the app would, for tests that start signed in. */
export async function apiLogin(
  server: TestServer,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<AuthAnswer> {
  const response = await fetch(`${server.url}/api/pageowners/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!response.ok) throw new Error(`login failed with ${response.status}`);
  return (await response.json()) as AuthAnswer;
}

/**
 * Signs the page's browser in as the app does (a browser session: the HttpOnly refresh cookie
 * and its readable companion land in the page's context), without the login screen. The app
 * opened next gets its access token from the cookie, as after a reload. Answers the login.
 */
export async function signInBrowser(
  page: Page,
  server: TestServer,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<AuthAnswer> {
  const response = await page.context().request.post(`${server.url}/api/pageowners/login`, {
    headers: { 'X-LinkCoin-Session': 'browser' },
    data: { email: user.email, password: user.password },
  });
  if (!response.ok()) throw new Error(`login failed with ${response.status()}`);
  return (await response.json()) as AuthAnswer;
}

/** Whether the page's browser holds a session (the server's readable cookie). */
export async function browserSignedIn(page: Page): Promise<boolean> {
  const cookies = await page.context().cookies();
  return cookies.some((cookie) => cookie.name === 'linkcoin_signed_in' && cookie.value !== '');
}

/** Whether any storage a script can read holds a token (it never should). */
export async function tokenInStorage(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(`[window.sessionStorage, window.localStorage].some((storage) =>
    Object.keys(storage).some(
      (key) => /token/i.test(key) || /eyJ[\\w-]+\\.eyJ/.test(storage.getItem(key) ?? ''),
    ),
  )`);
}

/** The user this tab cached (the spec's sessionStorage key `user`), or null. */
export async function cachedUser(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate(() => sessionStorage.getItem('user'));
  return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
}

/**
 * A form field by its label, exactly; MUI marks required fields with an asterisk that is not part
 * of the label's name.
 */
export function fieldLabelled(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}[\\s\\u2009]*\\*?$`));
}

/** Holds requests to `url` until released, so a screen's busy state can be looked at. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
