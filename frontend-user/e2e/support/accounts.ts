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

/** Stores a session in the page's sessionStorage under the spec's keys, then reloads. */
export async function storeSession(
  page: Page,
  session: { token: string; tokenExpiration: number; user: AuthAnswer['user'] },
): Promise<void> {
  await page.evaluate(
    ({ token, tokenExpiration, user }) => {
      sessionStorage.setItem('token', token);
      sessionStorage.setItem('tokenExpiration', String(tokenExpiration));
      sessionStorage.setItem('user', JSON.stringify(user));
    },
    {
      token: session.token,
      tokenExpiration: session.tokenExpiration,
      user: session.user,
    },
  );
}

/** What the page keeps in sessionStorage. */
export function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => ({
    token: sessionStorage.getItem('token'),
    tokenExpiration: sessionStorage.getItem('tokenExpiration'),
    user: sessionStorage.getItem('user'),
  }));
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
