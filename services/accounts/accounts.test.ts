import { decodeJwt, SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStreamId } from '@linkcoin/domain/accounts/account.ts';
import { emailClaimDecider, emailClaimStreamId } from '@linkcoin/domain/accounts/email-claim.ts';
import { signInGuardStreamId } from '@linkcoin/domain/accounts/sign-in-guard.ts';
import {
  ADMIN,
  adminEnv,
  headPosition,
  latestOtp,
  loginAdmin,
  outboxSize,
  registerUser,
  verifiedEmail,
} from '../testing/accounts.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';

const MIN = 60_000;

describe('accounts over HTTP', () => {
  let server: TestServer;
  const clock = adjustableClock();
  let n = 0;
  const fresh = () => `person${++n}-${Date.now()}@example.in`;
  const api = () => request(server.url);

  /** Runs a request that must be refused and checks the log did not grow. */
  const refusedWithoutAppending = async (
    send: () => request.Test,
    status: number,
    message: string | RegExp,
  ) => {
    const before = await headPosition(server);
    const res = await send().expect(status);
    expect(res.body.success).toBe(false);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await headPosition(server)).toBe(before);
    return res;
  };

  beforeAll(async () => {
    server = await startTestServer({ clock, env: adminEnv });
  });
  afterAll(async () => {
    await server.stop();
  });

  describe('e-mail one-time codes', () => {
    it('mails a six-digit code and never answers it', async () => {
      const email = fresh();
      const mailsBefore = await outboxSize(server);
      const res = await api().post('/api/otp/send-otp').send({ userId: email }).expect(200);
      expect(res.body).toEqual({ success: true, message: 'OTP sent to your email address' });
      expect(await outboxSize(server)).toBe(mailsBefore + 1);
      const code = await latestOtp(server, email);
      expect(code).toMatch(/^\d{6}$/);
      expect(JSON.stringify(res.body)).not.toContain(code);
      const status = await api().get('/api/otp/userId').query({ userId: email }).expect(200);
      expect(status.body).toEqual({
        success: true,
        otpDetails: { status: 'pending', expiresAt: expect.any(String) },
      });
      expect(JSON.stringify(status.body)).not.toContain(code);
    });

    it('refuses bad addresses with a clear message and appends nothing', async () => {
      const send = (body: object) => () => api().post('/api/otp/send-otp').send(body);
      await refusedWithoutAppending(send({}), 400, 'Please enter your email address');
      await refusedWithoutAppending(send({ userId: 42 }), 400, 'Please enter your email address');
      await refusedWithoutAppending(
        send({ userId: '   ' }),
        400,
        'Please enter your email address',
      );
      await refusedWithoutAppending(
        send({ userId: 'not-an-email' }),
        400,
        'Please enter a valid email address',
      );
      await refusedWithoutAppending(
        send({ userId: `${'a'.repeat(250)}@example.in` }),
        400,
        'Email addresses can be at most 254 characters long.',
      );
    });

    it('answers 404 for an address already registered, and for a reset of an unknown one', async () => {
      await refusedWithoutAppending(
        () => api().post('/api/otp/send-otp').send({ userId: ADMIN.email }),
        404,
        'Email already registered. Please login instead.',
      );
      await refusedWithoutAppending(
        () => api().post('/api/otp/send-otpFP').send({ userId: fresh() }),
        404,
        'No user found with this email address',
      );
    });

    it('throttles a resend for a minute', async () => {
      const email = fresh();
      await api().post('/api/otp/send-otp').send({ userId: email }).expect(200);
      const again = await refusedWithoutAppending(
        () => api().post('/api/otp/send-otp').send({ userId: email }),
        429,
        /^Please wait \d+ seconds before requesting another OTP\.$/,
      );
      expect(again.body.message).toMatch(/wait (5\d|60) seconds/);
      clock.advance(MIN);
      await api().post('/api/otp/send-otp').send({ userId: email }).expect(200);
    });

    it('refuses a wrong code, then every code after five wrong tries', async () => {
      const email = fresh();
      await api().post('/api/otp/send-otp').send({ userId: email }).expect(200);
      const code = await latestOtp(server, email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 5; attempt++) {
        const res = await api()
          .post('/api/otp/verify')
          .send({ userId: email, otp: wrong })
          .expect(400);
        expect(res.body).toEqual({ success: false, message: 'Invalid OTP. Please try again.' });
      }
      await refusedWithoutAppending(
        () => api().post('/api/otp/verify').send({ userId: email, otp: code }),
        429,
        'Too many wrong attempts. Please request a new OTP.',
      );
    });

    it('refuses an expired code', async () => {
      const email = fresh();
      await api().post('/api/otp/send-otp').send({ userId: email }).expect(200);
      const code = await latestOtp(server, email);
      clock.advance(10 * MIN);
      await refusedWithoutAppending(
        () => api().post('/api/otp/verify').send({ userId: email, otp: code }),
        400,
        'This OTP has expired. Please request a new one.',
      );
    });

    it('refuses a code never requested, an empty one and a wrong-typed one', async () => {
      await refusedWithoutAppending(
        () => api().post('/api/otp/verify').send({ userId: fresh(), otp: '123456' }),
        404,
        'No OTP was requested for this email address. Please request one.',
      );
      await refusedWithoutAppending(
        () => api().post('/api/otp/verify').send({ userId: fresh(), otp: '' }),
        400,
        'Please enter the OTP',
      );
      await refusedWithoutAppending(
        () => api().post('/api/otp/verify').send({ userId: fresh(), otp: 123456 }),
        400,
        'Please enter the OTP',
      );
    });

    it('refuses a code that is not six digits before it uses up a try', async () => {
      const email = fresh();
      await api().post('/api/otp/send-otp').send({ userId: email }).expect(200);
      const code = await latestOtp(server, email);
      const notCodes = [
        'abcdef',
        `${code.slice(0, 5)}x`,
        code.slice(0, 5),
        `${code}0`,
        `${code.slice(0, 3)} ${code.slice(3)}`,
        '１２３４５６', // full-width digits
        '12345\u0000',
        '9'.repeat(10_000),
      ];
      // More malformed codes than the code has tries (5): none of them counts.
      expect(notCodes.length).toBeGreaterThan(5);
      for (const otp of notCodes) {
        await refusedWithoutAppending(
          () => api().post('/api/otp/verify').send({ userId: email, otp }),
          400,
          'Invalid OTP. Please try again.',
        );
      }
      const status = await api().get('/api/otp/userId').query({ userId: email }).expect(200);
      expect(status.body.otpDetails.status).toBe('pending');
      // Spaces around the code are forgiven; the code still works.
      await api()
        .post('/api/otp/verify')
        .send({ userId: email, otp: ` ${code} ` })
        .expect(200);
    });

    it('answers a verification token for the right code, once', async () => {
      const email = fresh();
      await api().post('/api/otp/send-otp').send({ userId: email }).expect(200);
      const otp = await latestOtp(server, email);
      const res = await api().post('/api/otp/verify').send({ userId: email, otp }).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'OTP verified successfully',
        verificationToken: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
        expiresIn: 900,
      });
      await refusedWithoutAppending(
        () => api().post('/api/otp/verify').send({ userId: email, otp }),
        409,
        'This OTP has already been used. Please request a new one.',
      );
    });
  });

  describe('registration', () => {
    const body = (overrides: Record<string, unknown>) => ({
      ownerName: 'Asha Rao',
      password: 'secret-1',
      confirmPassword: 'secret-1',
      role: 'influencer',
      ...overrides,
    });

    it('registers a verified address; the client then logs in', async () => {
      const email = fresh();
      const verificationToken = await verifiedEmail(server, email);
      const res = await api()
        .post('/api/pageowners/register')
        .send(body({ email: email.toUpperCase(), verificationToken }))
        .expect(201);
      expect(res.body).toMatchObject({
        success: true,
        user: {
          ownerName: 'Asha Rao',
          email,
          role: 'influencer',
          roles: ['influencer'],
          linkCoins: 0,
          companyName: null,
          handle: null,
          profilePicUrl: '',
        },
      });
      const login = await api()
        .post('/api/pageowners/login')
        .send({ email, password: 'secret-1' })
        .expect(200);
      expect(login.body.user._id).toBe(res.body.user._id);
    });

    it('refuses registration without a verified address and appends nothing', async () => {
      const email = fresh();
      const register = (overrides: Record<string, unknown>) => () =>
        api()
          .post('/api/pageowners/register')
          .send(body({ email, ...overrides }));
      await refusedWithoutAppending(
        register({}),
        400,
        'Please verify your email address with the OTP first.',
      );
      await refusedWithoutAppending(
        register({ verificationToken: 'forged-token-forged-token-forged-token-1234' }),
        400,
        'Please verify your email address with the OTP first.',
      );
    });

    it('refuses bad fields with the spec messages and appends nothing', async () => {
      const email = fresh();
      const verificationToken = await verifiedEmail(server, email);
      const register = (overrides: Record<string, unknown>) => () =>
        api()
          .post('/api/pageowners/register')
          .send(body({ email, verificationToken, ...overrides }));
      await refusedWithoutAppending(
        register({ confirmPassword: 'other-1' }),
        400,
        'Passwords do not match',
      );
      await refusedWithoutAppending(
        register({ password: 'short', confirmPassword: 'short' }),
        400,
        'Password must be at least 6 characters',
      );
      await refusedWithoutAppending(
        register({ ownerName: '' }),
        400,
        'Please enter both name and email',
      );
      await refusedWithoutAppending(
        register({ ownerName: 'x'.repeat(101) }),
        400,
        'Your name can be at most 100 characters long.',
      );
      await refusedWithoutAppending(
        register({ role: 'admin' }),
        400,
        'Choose whether you register as a brand or as a creator.',
      );
      await refusedWithoutAppending(
        register({ password: 7, confirmPassword: 7 }),
        400,
        'Password must be at least 6 characters',
      );
      await refusedWithoutAppending(
        register({ password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) }),
        400,
        'Password can be at most 128 characters long.',
      );
      // The verification is still good after all those refusals.
      await api()
        .post('/api/pageowners/register')
        .send(body({ email, verificationToken }))
        .expect(201);
    });

    it('refuses a mobile that is not a phone number with a clear message and appends nothing', async () => {
      const email = fresh();
      const verificationToken = await verifiedEmail(server, email);
      const register = (mobile: unknown) => () =>
        api().post('/api/pageowners/register').send(body({ email, verificationToken, mobile }));
      const notPhones = [
        '98765\u000043210',
        '<b>98765</b>',
        '<svg/onload=1>',
        '"><i>1',
        '98765 43210;--',
        '++919876543210',
      ];
      for (const mobile of notPhones) {
        await refusedWithoutAppending(
          register(mobile),
          400,
          'Phone numbers may contain digits, spaces, dashes and a leading +',
        );
      }
      await refusedWithoutAppending(
        register('9'.repeat(21)),
        400,
        'Phone numbers can be at most 20 characters long.',
      );
      await refusedWithoutAppending(
        register('<script>alert(1)</script>'),
        400,
        'Phone numbers can be at most 20 characters long.',
      );
      await refusedWithoutAppending(
        register('+91 '.repeat(1000)),
        400,
        'Phone numbers can be at most 20 characters long.',
      );
      await refusedWithoutAppending(
        register(9876543210),
        400,
        'Phone numbers may contain digits, spaces, dashes and a leading +',
      );
      await refusedWithoutAppending(
        register({ $gt: '' }),
        400,
        'Phone numbers may contain digits, spaces, dashes and a leading +',
      );
      // The verification is still good: a real number registers, trimmed.
      const res = await api()
        .post('/api/pageowners/register')
        .send(body({ email, verificationToken, mobile: ' +91 98765-43210 ' }))
        .expect(201);
      const events = await server.runtime.platform.eventStore.readStream(
        accountStreamId(res.body.user._id as string),
      );
      expect(events[0]).toMatchObject({
        type: 'AccountRegistered',
        data: { mobile: '+91 98765-43210' },
      });
    });

    it('refuses a duplicate address and a reused verification', async () => {
      const email = fresh();
      const verificationToken = await verifiedEmail(server, email);
      await api()
        .post('/api/pageowners/register')
        .send(body({ email, verificationToken }))
        .expect(201);
      await refusedWithoutAppending(
        () => api().post('/api/pageowners/register').send(body({ email, verificationToken })),
        409,
        'Email already registered. Please login instead.',
      );
    });

    it('lets exactly one of two simultaneous registrations of one address succeed', async () => {
      const email = fresh();
      const verificationToken = await verifiedEmail(server, email);
      const attempts = await Promise.all(
        [1, 2].map(() =>
          api().post('/api/pageowners/register').send(body({ email, verificationToken })),
        ),
      );
      expect(attempts.map((res) => res.status).sort()).toEqual([201, 409]);
      const { state } = await server.runtime.platform.commands.load(
        emailClaimDecider,
        emailClaimStreamId(email),
      );
      expect(state.claimedBy).toBe(attempts.find((res) => res.status === 201)!.body.user._id);
    });

    it('claims an address for exactly one account even when the claims race', async () => {
      const commands = server.runtime.platform.commands;
      const email = fresh();
      const results = await Promise.allSettled(
        ['racer-a', 'racer-b', 'racer-c'].map((userId) =>
          commands.handle(emailClaimDecider, emailClaimStreamId(email), {
            type: 'ClaimEmail',
            data: { email, userId, orphanedClaimant: null },
            metadata: {
              now: clock.now(),
              actorUserId: null,
              correlationId: 'race',
              causationId: null,
            },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const events = await server.runtime.platform.eventStore.readStream(emailClaimStreamId(email));
      expect(events).toHaveLength(1);
    });
  });

  describe('login, session and logout', () => {
    it('signs in with a token whose exp is in seconds', async () => {
      const user = await registerUser(server, { role: 'influencer' });
      const claims = decodeJwt(user.token);
      const now = clock.now().getTime() / 1000;
      expect(claims.sub).toBe(user.userId);
      expect(claims.exp).toBeGreaterThan(now + 86_000);
      expect(claims.exp).toBeLessThan(now + 86_500);
    });

    it('refuses wrong credentials the same way whether or not the address exists', async () => {
      const user = await registerUser(server);
      // A wrong password for an account is counted by its sign-in guard (one event); an
      // unknown address has no account to guard and appends nothing.
      const before = await headPosition(server);
      const wrong = await api()
        .post('/api/pageowners/login')
        .send({ email: user.email, password: 'not-it' })
        .expect(401);
      expect(await headPosition(server)).toBe((before ?? -1) + 1);
      const counted = await server.runtime.platform.eventStore.readStream(
        signInGuardStreamId(user.userId),
      );
      expect(counted).toMatchObject([{ type: 'SignInFailed', data: { failures: 1 } }]);
      const unknown = await refusedWithoutAppending(
        () => api().post('/api/pageowners/login').send({ email: fresh(), password: 'not-it' }),
        401,
        'Invalid email or password',
      );
      expect(unknown.body).toEqual(wrong.body);
      await refusedWithoutAppending(
        () => api().post('/api/pageowners/login').send({ email: user.email }),
        400,
        'Please enter your password',
      );
      await refusedWithoutAppending(
        () => api().post('/api/pageowners/login').send({ password: 'x' }),
        400,
        'Please enter your email address',
      );
    });

    it('answers check-auth for the bearer, and refuses a mismatched userid header', async () => {
      const user = await registerUser(server, { role: 'influencer', ownerName: 'Ravi Kumar' });
      const res = await api()
        .get('/api/pageowners/check-auth')
        .set('Authorization', `Bearer ${user.token}`)
        .set('userid', user.userId)
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        user: {
          _id: user.userId,
          ownerName: 'Ravi Kumar',
          email: user.email,
          role: 'influencer',
          roles: ['influencer'],
          linkCoins: 0,
          companyName: null,
          handle: null,
          profilePicUrl: '',
        },
      });
      await api()
        .get('/api/pageowners/check-auth')
        .set('Authorization', `Bearer ${user.token}`)
        .set('userid', 'someone-else')
        .expect(403, { success: false, message: 'You can only act on your own account.' });
      await api()
        .get('/api/pageowners/check-auth')
        .expect(401, { success: false, message: 'Please log in to continue.' });
    });

    it('refuses forged, malformed and expired tokens', async () => {
      const user = await registerUser(server);
      const forged = await new SignJWT({ roles: ['admin'], tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.userId)
        .setIssuer('linkcoin')
        .setAudience('linkcoin-session')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
      for (const header of [
        `Bearer ${forged}`,
        'Bearer not.a.jwt',
        'Basic abc',
        `Bearer ${user.token}x`,
      ]) {
        await api().get('/api/pageowners/check-auth').set('Authorization', header).expect(401, {
          success: false,
          message: 'Your session has expired. Please log in again.',
        });
      }
      clock.advance(24 * 60 * MIN + 1000);
      await api()
        .get('/api/pageowners/check-auth')
        .set('Authorization', `Bearer ${user.token}`)
        .expect(401, { success: false, message: 'Your session has expired. Please log in again.' });
    });

    it('revokes every earlier token on logout', async () => {
      const user = await registerUser(server);
      const second = await api()
        .post('/api/pageowners/login')
        .send({ email: user.email, password: user.password })
        .expect(200);
      await api()
        .post('/api/pageowners/logout')
        .set('Authorization', `Bearer ${user.token}`)
        .expect(200);
      for (const token of [user.token, second.body.token as string]) {
        await api()
          .get('/api/pageowners/check-auth')
          .set('Authorization', `Bearer ${token}`)
          .expect(401);
      }
      await api().post('/api/pageowners/logout').expect(401);
      const again = await api()
        .post('/api/pageowners/login')
        .send({ email: user.email, password: user.password })
        .expect(200);
      await api()
        .get('/api/pageowners/check-auth')
        .set('Authorization', `Bearer ${again.body.token}`)
        .expect(200);
    });

    it('refreshes a token', async () => {
      const user = await registerUser(server);
      const res = await api()
        .post('/api/pageowners/refresh')
        .set('Authorization', `Bearer ${user.token}`)
        .expect(200);
      expect(res.body).toMatchObject({
        success: true,
        newToken: expect.any(String),
        expiresIn: 86_400,
      });
      await api()
        .get('/api/pageowners/check-auth')
        .set('Authorization', `Bearer ${res.body.newToken}`)
        .expect(200);
      await api().post('/api/pageowners/refresh').expect(401);
    });
  });

  describe('password reset', () => {
    it('resets with a verified code, revokes older tokens and lower-cases the address', async () => {
      const user = await registerUser(server);
      clock.advance(MIN); // codes to one address are a minute apart
      const verificationToken = await verifiedEmail(
        server,
        user.email.toUpperCase(),
        'password_reset',
      );
      await refusedWithoutAppending(
        () =>
          api()
            .post('/api/pageowners/forget-password')
            .send({ email: user.email, newPassword: 'short', verificationToken }),
        400,
        'Password must be at least 6 characters',
      );
      const res = await api()
        .post('/api/pageowners/forget-password')
        .send({ email: user.email, newPassword: 'a brand new secret', verificationToken })
        .expect(200);
      expect(res.body).toEqual({ success: true, message: 'Password has been reset successfully!' });
      await api()
        .get('/api/pageowners/check-auth')
        .set('Authorization', `Bearer ${user.token}`)
        .expect(401);
      await api()
        .post('/api/pageowners/login')
        .send({ email: user.email, password: user.password })
        .expect(401);
      await api()
        .post('/api/pageowners/login')
        .send({ email: user.email, password: 'a brand new secret' })
        .expect(200);
      await refusedWithoutAppending(
        () =>
          api()
            .post('/api/pageowners/forget-password')
            .send({ email: user.email, newPassword: 'yet another secret', verificationToken }),
        409,
        'This email verification has already been used. Please verify again.',
      );
    });

    it('refuses a reset without a reset verification', async () => {
      const user = await registerUser(server);
      await refusedWithoutAppending(
        () =>
          api()
            .post('/api/pageowners/forget-password')
            .send({
              email: user.email,
              newPassword: 'a new secret',
              verificationToken: 'x'.repeat(43),
            }),
        400,
        'Please verify your email address with the OTP first.',
      );
      await refusedWithoutAppending(
        () =>
          api()
            .post('/api/pageowners/forget-password')
            .send({ email: fresh(), newPassword: 'a new secret', verificationToken: 'x' }),
        404,
        'No user found with this email address',
      );
    });
  });

  describe('admins and auditors', () => {
    it('admits only admins at the admin login', async () => {
      const admin = await api().post('/api/pageowners/admin-login').send(ADMIN).expect(200);
      expect(admin.body.user.roles).toContain('admin');
      const brand = await registerUser(server);
      await refusedWithoutAppending(
        () =>
          api()
            .post('/api/pageowners/admin-login')
            .send({ email: brand.email, password: brand.password }),
        403,
        'Access restricted to administrators only',
      );
      await api()
        .post('/api/pageowners/admin-login')
        .send({ email: ADMIN.email, password: 'wrong-password' })
        .expect(401, { success: false, message: 'Invalid email or password' });
      // The right password afterwards clears that failure (sign-in-guard.test.ts has the rest).
      await api().post('/api/pageowners/admin-login').send(ADMIN).expect(200);
    });

    it('lets an admin grant the auditor role, which applies at once', async () => {
      const admin = await loginAdmin(server);
      const user = await registerUser(server, { role: 'influencer' });
      const granted = await api()
        .post(`/api/admin/users/${user.userId}/roles`)
        .set('Authorization', `Bearer ${admin.token}`)
        .send({ role: 'auditor' })
        .expect(200);
      expect(granted.body).toMatchObject({ id: user.userId, roles: ['influencer', 'auditor'] });
      const check = await api()
        .get('/api/pageowners/check-auth')
        .set('Authorization', `Bearer ${user.token}`)
        .expect(200);
      expect(check.body.user.roles).toEqual(['influencer', 'auditor']);
      await api()
        .get('/api/admin/user-overviews')
        .set('Authorization', `Bearer ${user.token}`)
        .expect(200);
      await api()
        .post(`/api/admin/users/${user.userId}/roles`)
        .set('Authorization', `Bearer ${user.token}`)
        .send({ role: 'auditor' })
        .expect(403, { success: false, message: 'Access restricted to administrators only' });
      await refusedWithoutAppending(
        () =>
          api()
            .post(`/api/admin/users/${user.userId}/roles`)
            .set('Authorization', `Bearer ${admin.token}`)
            .send({ role: 'admin' }),
        400,
        'Choose a valid role.',
      );
      await refusedWithoutAppending(
        () =>
          api()
            .post('/api/admin/users/no-such-user/roles')
            .set('Authorization', `Bearer ${admin.token}`)
            .send({ role: 'auditor' }),
        404,
        'User not found.',
      );
    });
  });

  it('keeps one-time codes and passwords out of the logs', async () => {
    const lines: string[] = [];
    const pino = (await import('pino')).default;
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const logged = await startTestServer({ logger });
    try {
      const user = await registerUser(logged, { password: 'a-very-secret-password' });
      const code = await latestOtp(logged, user.email);
      await request(logged.url).post('/api/otp/verify').send({ userId: user.email, otp: '999999' });
      // Enough wrong passwords to pause sign-in and mail the owner a notice.
      const mailsBefore = await outboxSize(logged);
      for (let attempt = 1; attempt <= 6; attempt++) {
        await request(logged.url)
          .post('/api/pageowners/login')
          .send({ email: user.email, password: `guessed-secret-${attempt}` })
          .expect(401);
      }
      expect(await outboxSize(logged)).toBe(mailsBefore + 1);
      const all = lines.join('\n');
      expect(all).not.toContain('guessed-secret-');
      expect(all).not.toContain('someone may be trying to guess your password');
      expect(all).not.toContain(user.email);
      expect(lines.length).toBeGreaterThan(5);
      expect(all).not.toContain(code);
      expect(all).not.toContain('a-very-secret-password');
      expect(all).not.toContain(user.token);
      expect(all).not.toContain('999999');
    } finally {
      await logged.stop();
    }
  });
});

describe('the first admin', () => {
  it('is created once with a generated password shown in the start-up notices', async () => {
    const server = await startTestServer();
    try {
      const notice = server.runtime.notices.join('\n');
      const match = /First admin created: (\S+) \/ (\S+)/.exec(notice);
      expect(match?.[1]).toBe('admin@linkcoin.local');
      await request(server.url)
        .post('/api/pageowners/admin-login')
        .send({ email: match![1], password: match![2] })
        .expect(200);
      const events = await server.runtime.platform.eventStore.readAll({
        after: null,
        maxCount: 100,
      });
      const registered = events.events.find((e) => e.type === 'AccountRegistered');
      expect(JSON.stringify(registered?.data)).not.toContain(match![2]);
      expect(registered?.streamId).toBe(
        accountStreamId((registered?.data as { userId: string }).userId),
      );
    } finally {
      await server.stop();
    }
  });

  it('comes from ADMIN_EMAIL and ADMIN_PASSWORD when set, and is not created again on restart', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = await mkdtemp(join(tmpdir(), 'linkcoin-admin-'));
    // No admin notice (the directory's own notice about an empty directory may be there).
    const adminNotices = (notices: readonly string[]) =>
      notices.filter((line) => /First admin created|adminLogin/.test(line));
    const first = await startTestServer({ dataDir, env: adminEnv });
    expect(adminNotices(first.runtime.notices)).toEqual([]);
    await request(first.url).post('/api/pageowners/admin-login').send(ADMIN).expect(200);
    await first.stop();
    // Without the settings, the admin recorded first is kept: no second admin appears.
    const second = await startTestServer({ dataDir });
    expect(adminNotices(second.runtime.notices)).toEqual([]);
    await request(second.url)
      .post('/api/otp/send-otp')
      .send({ userId: 'admin@linkcoin.local' })
      .expect(200);
    await second.stop();
    const third = await startTestServer({ dataDir, env: adminEnv });
    const admins = await request(third.url)
      .post('/api/pageowners/admin-login')
      .send(ADMIN)
      .expect(200);
    expect(admins.body.user.email).toBe(ADMIN.email);
    await third.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many logins, code requests or code checks', async () => {
    const server = await startTestServer({
      env: {
        LOGIN_ATTEMPTS_PER_WINDOW: '3',
        OTP_REQUESTS_PER_WINDOW: '2',
        OTP_VERIFY_ATTEMPTS_PER_WINDOW: '3',
      },
    });
    try {
      const tooMany = {
        success: false,
        message: 'Too many attempts. Please wait a few minutes and try again.',
      };
      const login = () =>
        request(server.url)
          .post('/api/pageowners/login')
          .send({ email: 'x@example.in', password: 'nope' });
      for (let i = 0; i < 3; i++) await login().expect(401);
      const limited = await login().expect(429, tooMany);
      expect(limited.headers['ratelimit-policy'] ?? limited.headers['ratelimit']).toBeDefined();
      // Another address from the same client is not locked out by the first one's attempts.
      await request(server.url)
        .post('/api/pageowners/login')
        .send({ email: 'y@example.in', password: 'nope' })
        .expect(401);

      const send = (email: string) =>
        request(server.url).post('/api/otp/send-otp').send({ userId: email });
      await send('a@example.in').expect(200);
      await send('a@example.in').expect(429); // the one-minute resend rule
      await send('a@example.in').expect(429, tooMany);

      const verify = () =>
        request(server.url).post('/api/otp/verify').send({ userId: 'b@example.in', otp: '123456' });
      for (let i = 0; i < 3; i++) await verify().expect(404);
      await verify().expect(429, tooMany);
    } finally {
      await server.stop();
    }
  });
});
