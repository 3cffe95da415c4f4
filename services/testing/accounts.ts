import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import type { RegistrationRole } from '@linkcoin/domain/accounts/roles.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { TestServer } from './test-server.ts';

/** Where a server answers and keeps its data (a test server, or a process of the topology test). */
export type ServerAt = Pick<TestServer, 'url' | 'dataDir'>;

/** The newest one-time code mailed to an address, read from the outbox as a person would. */
export const latestOtp = async (server: ServerAt, email: string): Promise<string> => {
  const outbox = join(server.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  for (const file of files.reverse()) {
    const raw = await readFile(join(outbox, file), 'utf8');
    if (!new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(raw))
      continue;
    const code = /verification code is (\d{6})/.exec(raw)?.[1];
    if (code) return code;
  }
  throw new Error(`No one-time code was mailed to ${email}`);
};

/** The number of mails in the outbox. */
export const outboxSize = async (server: TestServer): Promise<number> =>
  (await readdir(join(server.dataDir, 'outbox')).catch(() => [] as string[])).filter((f) =>
    f.endsWith('.eml'),
  ).length;

/**
 * The head of the event log once it stands still: compare before and after to prove nothing was
 * appended. It waits until the read models and the processes have seen the head and appended
 * nothing more (a creator's registration, say, is followed by the early-adopter process' own
 * append), so an earlier request's consequences are not taken for the refused one's.
 */
export const headPosition = async (server: TestServer): Promise<number | null> => {
  const { eventStore } = server.runtime.platform;
  let head = await eventStore.headPosition();
  for (let round = 0; round < 20; round++) {
    await server.runtime.progress.waitFor(head, 10_000);
    const next = await eventStore.headPosition();
    if (next === head) return head;
    head = next;
  }
  return head;
};

/** Every event after a position of the log (null: from the start). */
export const eventsAfter = async (
  server: TestServer,
  position: number | null,
): Promise<readonly RecordedEvent[]> => {
  const store = server.runtime.platform.eventStore;
  const events: RecordedEvent[] = [];
  for (let after = position; ;) {
    const page = await store.readAll({ after, maxCount: 1000 });
    events.push(...page.events);
    if (page.isEnd) return events;
    after = page.lastPosition;
  }
};

/**
 * What was appended after a position to these users' streams (every stream id names its user or
 * its pair), once the log stands still: a refused request's proof that it appended nothing,
 * which a timer's append for other users (an earlier test's batched delivery receipt, say)
 * cannot upset as a comparison of heads can.
 */
export const appendedFor = async (
  server: TestServer,
  after: number | null,
  users: readonly { userId: string }[],
): Promise<readonly RecordedEvent[]> => {
  await headPosition(server);
  const ids = users.map((user) => user.userId);
  return (await eventsAfter(server, after)).filter((event) =>
    ids.some((id) => event.streamId.includes(id)),
  );
};

/** Sends a code and verifies it: the verification token registration or reset needs. */
export const verifiedEmail = async (
  server: ServerAt,
  email: string,
  purpose: 'registration' | 'password_reset' = 'registration',
): Promise<string> => {
  const send = purpose === 'registration' ? '/api/otp/send-otp' : '/api/otp/send-otpFP';
  await request(server.url).post(send).send({ userId: email }).expect(200);
  const otp = await latestOtp(server, email);
  const verified = await request(server.url)
    .post('/api/otp/verify')
    .send({ userId: email, otp })
    .expect(200);
  return verified.body.verificationToken as string;
};

export type TestUser = Readonly<{ userId: string; email: string; password: string; token: string }>;

let sequence = 0;

/** Registers through the real endpoints (code from the outbox) and logs in. */
export const registerUser = async (
  server: ServerAt,
  options: {
    role?: RegistrationRole;
    email?: string;
    ownerName?: string;
    password?: string;
    /** A brand's company name. */
    companyName?: string;
  } = {},
): Promise<TestUser> => {
  sequence += 1;
  const email = options.email ?? `member${sequence}-${Date.now()}@example.in`;
  const password = options.password ?? 'correct horse battery';
  const verificationToken = await verifiedEmail(server, email);
  await request(server.url)
    .post('/api/pageowners/register')
    .send({
      ownerName: options.ownerName ?? `Member ${sequence}`,
      email,
      password,
      confirmPassword: password,
      role: options.role ?? 'user',
      ...(options.companyName ? { companyName: options.companyName } : {}),
      verificationToken,
    })
    .expect(201);
  const login = await request(server.url)
    .post('/api/pageowners/login')
    .send({ email, password })
    .expect(200);
  return {
    userId: login.body.user._id as string,
    email,
    password,
    token: login.body.token as string,
  };
};

export const ADMIN = {
  email: 'admin@linkcoin.test',
  password: 'admin-password-for-tests',
} as const;

/** Environment for a test server whose admin is known. */
export const adminEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } as const;

/** Sign-in and code limits no test run reaches: for suites that sign in and ask codes often. */
export const roomyAuthLimits = {
  LOGIN_ATTEMPTS_PER_WINDOW: '10000',
  OTP_REQUESTS_PER_WINDOW: '10000',
  OTP_VERIFY_ATTEMPTS_PER_WINDOW: '10000',
  AUTH_REQUESTS_PER_IP_PER_WINDOW: '100000',
} as const;

export const loginAdmin = async (server: Pick<TestServer, 'url'>): Promise<TestUser> => {
  const login = await request(server.url).post('/api/pageowners/login').send(ADMIN).expect(200);
  return { userId: login.body.user._id as string, ...ADMIN, token: login.body.token as string };
};

/** Makes an existing user an auditor through the admin API. */
export const grantAuditor = async (
  server: TestServer,
  admin: TestUser,
  userId: string,
): Promise<void> => {
  await request(server.url)
    .post(`/api/admin/users/${userId}/roles`)
    .set('Authorization', `Bearer ${admin.token}`)
    .send({ role: 'auditor' })
    .expect(200);
};
