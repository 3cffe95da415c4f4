/**
 * The attacks of issue 7, replayed over HTTP as an attacker would try them. Each one succeeded
 * before client keys were bound: an Idempotency-Key made an earlier event of the stream stand in
 * for the check a command would otherwise run. They must fail with a clear message and change
 * nothing.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  ADMIN,
  adminEnv,
  roomyAuthLimits,
  headPosition,
  outboxSize,
  registerUser,
  verifiedEmail,
} from '../../testing/accounts.ts';
import { adjustableClock, startTestServer, type TestServer } from '../../testing/test-server.ts';

const KEY = 'attacker-key-0001';

describe('the Idempotency-Key attacks', () => {
  let server: TestServer;
  const clock = adjustableClock();
  /** Past the one-code-a-minute rule of an address. */
  const nextMinute = () => clock.advance(61_000);

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: { ...adminEnv, ...roomyAuthLimits },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (path: string, body: object, key = KEY) =>
    request(server.url).post(`/api${path}`).set('Idempotency-Key', key).send(body);
  const login = (email: string, password: string) =>
    request(server.url).post('/api/pageowners/login').send({ email, password });

  const events = async (): Promise<readonly RecordedEvent[]> => {
    const store = server.runtime.platform.eventStore;
    const all: RecordedEvent[] = [];
    for (let after: number | null = null; ;) {
      const page = await store.readAll({ after, maxCount: 1000 });
      all.push(...page.events);
      if (page.isEnd) return all;
      after = page.lastPosition;
    }
  };

  const cannotTakeOver = async (email: string, password: string, key: string) => {
    nextMinute();
    await post('/otp/send-otpFP', { userId: email }, key).expect(200);
    const head = await headPosition(server);
    const reset = await post(
      '/pageowners/forget-password',
      { email, newPassword: 'attacker-pw-1', verificationToken: 'anything' },
      key,
    ).expect(400);
    expect(reset.body).toEqual({ success: false, message: M.verificationRequired });
    expect(await headPosition(server)).toBe(head);
    await login(email, 'attacker-pw-1').expect(401);
    await login(email, password).expect(200);
  };

  it("cannot reset a user's password with the key of a code request", async () => {
    const victim = await registerUser(server);
    await cannotTakeOver(victim.email, victim.password, 'reset-attack-01');
  });

  it("cannot reset the admin's password that way either", async () => {
    await cannotTakeOver(ADMIN.email, ADMIN.password, 'reset-attack-02');
  });

  it('cannot register an address the attacker cannot read', async () => {
    const target = `unreadable-${Date.now()}@example.in`;
    await post('/otp/send-otp', { userId: target }, 'register-attack-1').expect(200);
    const head = await headPosition(server);
    const register = await post(
      '/pageowners/register',
      {
        ownerName: 'Not The Owner',
        email: target,
        password: 'attacker-pw-1',
        confirmPassword: 'attacker-pw-1',
        role: 'user',
        verificationToken: 'bogus',
      },
      'register-attack-1',
    ).expect(400);
    expect(register.body).toEqual({ success: false, message: M.verificationRequired });
    expect(await headPosition(server)).toBe(head);
    await login(target, 'attacker-pw-1').expect(401);
  });

  it('opens one account for one verification, however many registrations race with one key', async () => {
    const email = `race-${Date.now()}@example.in`;
    const verificationToken = await verifiedEmail(server, email);
    const body = {
      ownerName: 'Racer',
      email,
      password: 'race-password-1',
      confirmPassword: 'race-password-1',
      role: 'user',
      verificationToken,
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('/pageowners/register', body, 'race-key-000001')),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
      expect(refused.body.success).toBe(false);
    }
    const opened = (await events()).filter(
      (event) =>
        event.type === 'AccountRegistered' && (event.data as { email?: string }).email === email,
    );
    expect(opened).toHaveLength(1);
  });

  it('sends one code per resend minute, whatever key comes with the requests', async () => {
    const email = `six-${Date.now()}@example.in`;
    const before = await outboxSize(server);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await post('/otp/send-otp', { userId: email }, 'six-mails-key-1'));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 429, 429, 429, 429, 429]);
    expect(await outboxSize(server)).toBe(before + 1);
  });

  it('does not answer success to a replayed password reset', async () => {
    const member = await registerUser(server);
    nextMinute();
    const verificationToken = await verifiedEmail(server, member.email, 'password_reset');
    const body = { email: member.email, newPassword: 'new-password-1', verificationToken };
    await post('/pageowners/forget-password', body, 'replayed-reset-1').expect(200);
    const head = await headPosition(server);
    const replay = await post('/pageowners/forget-password', body, 'replayed-reset-1').expect(409);
    expect(replay.body).toEqual({ success: false, message: M.verificationUsed });
    expect(await headPosition(server)).toBe(head);
    await login(member.email, 'new-password-1').expect(200);
  });
});
