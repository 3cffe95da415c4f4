import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FREE_FAILED_SIGN_INS,
  MAX_SIGN_IN_DELAY_MS,
  signInGuardStreamId,
} from '@linkcoin/domain/accounts/sign-in-guard.ts';
import { SIGN_IN_NOTICE_SUBJECT } from '@linkcoin/domain/accounts/sign-in-notice-mail.ts';
import type * as Passwords from './passwords.ts';
import {
  ADMIN,
  adminEnv,
  headPosition,
  registerUser,
  verifiedEmail,
  type TestUser,
} from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** Counts password checks, to show that a sign-in during a delay is refused before hashing. */
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./passwords.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  return {
    ...actual,
    verifyPassword: (password: string, stored: string) => {
      passwordChecks.count += 1;
      return actual.verifyPassword(password, stored);
    },
  };
});

const SECOND = 1000;
const MIN = 60 * SECOND;

/**
 * A clock that stands still until the test moves it: the delays the guard imposes are seconds
 * long, so they must not run out while a slow machine is between two requests.
 */
const steppedClock = () => {
  let at = Date.now();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
};

/**
 * Issue 7, deliverable 4: the per-account sign-in guard over HTTP. The server trusts one proxy
 * hop, so every request below can come from its own client address (X-Forwarded-For), as a
 * distributed guesser's do; the per-client limits of the edge then never apply.
 */
describe('the per-account sign-in guard over HTTP', () => {
  let server: TestServer;
  const clock = steppedClock();
  let client = 0;
  /** A request from a client address never seen before. */
  const fromNewClient = () => {
    client += 1;
    return `198.51.${Math.floor(client / 250) % 250}.${(client % 250) + 1}`;
  };
  const login = (email: string, password: string, path = '/api/pageowners/login') =>
    request(server.url)
      .post(path)
      .set('X-Forwarded-For', fromNewClient())
      .send({ email, password });

  const guardEvents = async (userId: string) =>
    server.runtime.platform.eventStore.readStream(signInGuardStreamId(userId));

  /** The sign-in notices in the outbox addressed to `email`. */
  const noticesTo = async (email: string): Promise<number> => {
    const outbox = join(server.dataDir, 'outbox');
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.eml'),
    );
    let count = 0;
    for (const file of files) {
      const raw = await readFile(join(outbox, file), 'utf8');
      const lines = raw.split(/\r?\n/);
      const headers = lines.slice(0, lines.indexOf(''));
      if (
        headers.includes(`To: ${email}`) &&
        headers.includes(`Subject: ${SIGN_IN_NOTICE_SUBJECT}`)
      ) {
        count += 1;
      }
    }
    return count;
  };

  /** Wrong passwords until the first delay is imposed (the free ones, then one more). */
  const lockOut = async (email: string, path?: string) => {
    for (let attempt = 1; attempt <= FREE_FAILED_SIGN_INS + 1; attempt++) {
      await login(email, `wrong guess ${attempt}`, path).expect(401, {
        success: false,
        message: 'Invalid email or password',
      });
    }
  };

  /** A sign-in refused during a delay: 429, the message, Retry-After, and nothing appended. */
  const paused = async (email: string, password: string, seconds: number, path?: string) => {
    const before = await headPosition(server);
    const checksBefore = passwordChecks.count;
    const res = await login(email, password, path).expect(429);
    expect(passwordChecks.count).toBe(checksBefore);
    expect(res.body).toEqual({
      success: false,
      message: `Too many failed sign-ins for this account. Try again in ${
        seconds < 60
          ? `${seconds} second${seconds === 1 ? '' : 's'}`
          : `${Math.ceil(seconds / 60)} minutes`
      }.`,
    });
    expect(res.headers['retry-after']).toBe(String(seconds));
    expect(res.body.token).toBeUndefined();
    expect(await headPosition(server)).toBe(before);
    return res;
  };

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { ...adminEnv, TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('does not let the right password in during a delay, whichever addresses the guesses come from', async () => {
    const user = await registerUser(server, { password: 'the right password' });
    await lockOut(user.email);
    // The sixth failure imposed one second: the right password from yet another client is refused.
    await paused(user.email, 'the right password', 1);
    // A guesser who keeps going during the delay gets nothing, and the log does not grow.
    for (let attempt = 0; attempt < 20; attempt++) {
      await paused(user.email, `guess during the delay ${attempt}`, 1);
    }
    // Each later failure doubles the delay (the guesser waits it out every time).
    let seconds = 1;
    for (let failure = FREE_FAILED_SIGN_INS + 2; failure <= FREE_FAILED_SIGN_INS + 9; failure++) {
      clock.advance(seconds * SECOND);
      await login(user.email, `wrong guess ${failure}`).expect(401);
      seconds *= 2;
      await paused(user.email, 'the right password', seconds);
    }
    expect(seconds).toBe(256);
    clock.advance(seconds * SECOND);
    // Delays are capped at five minutes: the owner is never locked out for long.
    await login(user.email, 'one more wrong guess').expect(401);
    await paused(user.email, 'the right password', MAX_SIGN_IN_DELAY_MS / SECOND);
    clock.advance(MAX_SIGN_IN_DELAY_MS);
    const signedIn = await login(user.email, 'the right password').expect(200);
    expect(signedIn.body.user._id).toBe(user.userId);
    // The success ends the series: the next wrong password is a free one again.
    const events = await guardEvents(user.userId);
    expect(events.at(-1)).toMatchObject({
      type: 'FailedSignInsCleared',
      data: { reason: 'signed_in', failures: FREE_FAILED_SIGN_INS + 10 },
    });
    await login(user.email, 'a typo').expect(401);
    await login(user.email, 'the right password').expect(200);
  });

  it('counts a burst of simultaneous guesses from many addresses: only the free ones get an answer', async () => {
    const user = await registerUser(server, { password: 'the right password' });
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, attempt) => login(user.email, `parallel guess ${attempt}`)),
    );
    // Every guess was checked against the newest state of the guard: the free failures and the
    // one that imposed the delay answer 401, all the others 429, and only those six are recorded.
    const statuses = burst.map((res) => res.status).sort();
    expect(statuses).toEqual([
      ...Array<number>(FREE_FAILED_SIGN_INS + 1).fill(401),
      ...Array<number>(16 - FREE_FAILED_SIGN_INS - 1).fill(429),
    ]);
    expect(await guardEvents(user.userId)).toHaveLength(FREE_FAILED_SIGN_INS + 1);
    expect(await noticesTo(user.email)).toBe(1);
    await paused(user.email, 'the right password', 1);
  });

  it('mails the owner exactly one notice for a lock, never with the password', async () => {
    const user = await registerUser(server, { password: 'the right password' });
    expect(await noticesTo(user.email)).toBe(0);
    for (let attempt = 1; attempt <= FREE_FAILED_SIGN_INS; attempt++) {
      await login(user.email, `wrong guess ${attempt}`).expect(401);
    }
    // Free failures mail nothing.
    expect(await noticesTo(user.email)).toBe(0);
    await login(user.email, 'the failure that locks').expect(401);
    expect(await noticesTo(user.email)).toBe(1);
    // Refused attempts during the delay and the failures after it mail nothing more.
    await paused(user.email, 'during the delay', 1);
    for (let failure = 0, seconds = 1; failure < 4; failure++, seconds *= 2) {
      clock.advance(seconds * SECOND);
      await login(user.email, `later guess ${failure}`).expect(401);
    }
    expect(await noticesTo(user.email)).toBe(1);
    const failed = (await guardEvents(user.userId)).filter((e) => e.type === 'SignInFailed');
    expect(failed.map((e) => (e.data as { noticeDue: boolean }).noticeDue)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
    const outbox = join(server.dataDir, 'outbox');
    for (const file of await readdir(outbox)) {
      const raw = await readFile(join(outbox, file), 'utf8');
      expect(raw).not.toContain('the failure that locks');
      expect(raw).not.toContain('the right password');
    }
  });

  it('lifts the lock when the owner resets the password', async () => {
    const user = await registerUser(server, { password: 'the old password' });
    clock.advance(MIN); // codes to one address are a minute apart
    const verificationToken = await verifiedEmail(server, user.email, 'password_reset');
    await lockOut(user.email);
    await paused(user.email, 'the old password', 1);
    await request(server.url)
      .post('/api/pageowners/forget-password')
      .set('X-Forwarded-For', fromNewClient())
      .send({ email: user.email, newPassword: 'a fresh password', verificationToken })
      .expect(200);
    // No time has passed: only the reset can have lifted the delay.
    await login(user.email, 'a fresh password').expect(200);
    expect((await guardEvents(user.userId)).at(-1)).toMatchObject({
      type: 'FailedSignInsCleared',
      data: { reason: 'password_reset', failures: FREE_FAILED_SIGN_INS + 1 },
    });
  });

  it('appends nothing for a normal sign-in, nor for an address without an account', async () => {
    const user: TestUser = await registerUser(server);
    let before = await headPosition(server);
    let checks = passwordChecks.count;
    await login(user.email, user.password).expect(200);
    expect(passwordChecks.count).toBe(checks + 1);
    await login(user.email, user.password).expect(200);
    expect(await headPosition(server)).toBe(before);
    expect(await guardEvents(user.userId)).toEqual([]);
    const unknown = `nobody-${Date.now()}@example.in`;
    before = await headPosition(server);
    checks = passwordChecks.count;
    // Unknown addresses still cost a hash each, and are never paused: there is no account.
    for (let attempt = 0; attempt <= FREE_FAILED_SIGN_INS + 2; attempt++) {
      await login(unknown, `guess ${attempt}`).expect(401, {
        success: false,
        message: 'Invalid email or password',
      });
    }
    expect(await headPosition(server)).toBe(before);
    expect(passwordChecks.count).toBe(checks + FREE_FAILED_SIGN_INS + 3);
  });

  it('guards the admin login the same way, on the same account', async () => {
    await lockOut(ADMIN.email, '/api/pageowners/admin-login');
    expect(await noticesTo(ADMIN.email)).toBe(1);
    await paused(ADMIN.email, ADMIN.password, 1, '/api/pageowners/admin-login');
    // The delay is the account's, whichever sign-in page is used.
    await paused(ADMIN.email, ADMIN.password, 1);
    clock.advance(SECOND);
    const admin = await login(ADMIN.email, ADMIN.password, '/api/pageowners/admin-login').expect(
      200,
    );
    expect(admin.body.user.roles).toContain('admin');
  });
});
