import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  accountDecider,
  accountStreamId,
  rolesOf,
  type ActiveAccount,
  type EmailProof,
} from '@linkcoin/domain/accounts/account.ts';
import type { SessionUser } from '@linkcoin/domain/accounts/contracts.ts';
import { emailClaimDecider, emailClaimStreamId } from '@linkcoin/domain/accounts/email-claim.ts';
import {
  emailOtpDecider,
  emailOtpStreamId,
  otpStatus,
  VERIFICATION_VALIDITY_MS,
  type OtpPurpose,
  type OtpStatus,
} from '@linkcoin/domain/accounts/email-otp.ts';
import { FIRST_ADMIN_STREAM, firstAdminDecider } from '@linkcoin/domain/accounts/first-admin.ts';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import type {
  GrantableRole,
  PrimaryRole,
  RegistrationRole,
} from '@linkcoin/domain/accounts/roles.ts';
import {
  assertSignInAllowed,
  signInGuardDecider,
  signInGuardStreamId,
  type SignInGuardEvent,
} from '@linkcoin/domain/accounts/sign-in-guard.ts';
import {
  companyNameOf,
  currentCompanyName,
  currentName,
  primaryHandle,
} from '@linkcoin/domain/profiles/names.ts';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { walletDecider, walletStreamId } from '@linkcoin/domain/wallet/wallet.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { cleanName } from '@linkcoin/domain/shared/names.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import {
  GoogleTokenRejected,
  type GoogleIdTokenVerifier,
} from '@linkcoin/infra/google/id-token-verifier.ts';
import { maskAddress, type Mailer } from '@linkcoin/infra/mail/port.ts';
import { otpMail, signInNoticeMail } from './mail-templates.ts';
import { OtpCodes } from './otp-codes.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords.ts';
import type { BrowserRefresh, BrowserSessions } from './browser-sessions.ts';
import type { SessionTokens } from './session-tokens.ts';

export type Session = Readonly<{
  token: string;
  expiresIn: number;
  user: SessionUser;
  /** The refresh cookie to set, for a browser session (null: the spec's bearer token only). */
  refresh: BrowserRefresh | null;
}>;

/**
 * How a sign-in is kept: `browser` asks for a refresh cookie and a short access token;
 * `console` too, for admins and auditors only (others get the bearer token).
 */
export type SessionMode = 'bearer' | 'browser' | 'console';

export type AccountHandlerDeps = Readonly<{
  commands: CommandHandler;
  mailer: Mailer;
  codes: OtpCodes;
  tokens: SessionTokens;
  sessions: BrowserSessions;
  /** Null when no Google client id is configured. */
  google: GoogleIdTokenVerifier | null;
  logger: Logger;
  /** The public "forgot password" page, named in the sign-in notice. */
  forgotPasswordUrl: () => string;
}>;

type NewAccount = Readonly<{
  email: string;
  ownerName: string;
  companyName?: string | null;
  role: PrimaryRole;
  mobile: string;
  passwordHash: string | null;
  googleSub: string | null;
  emailProof: EmailProof;
}>;

/**
 * The account use cases, as plain functions over the ports. Each step is a single-stream
 * decision; flows that touch several streams order their steps so a failure part-way leaves
 * nothing inconsistent behind (a burnt verification, at worst, which the user replaces by asking
 * for a new code). Refusals are `DomainError`s: the HTTP edge maps their kind to a status.
 */
export const accountHandlers = ({
  commands,
  mailer,
  codes,
  tokens,
  sessions,
  google,
  logger,
  forgotPasswordUrl,
}: AccountHandlerDeps) => {
  const accountById = async (userId: string): Promise<ActiveAccount | null> => {
    const { state } = await commands.load(accountDecider, accountStreamId(userId));
    return state.status === 'active' ? state : null;
  };

  /** The active account registered with an address, if any. */
  const accountByEmail = async (email: string): Promise<ActiveAccount | null> => {
    const { state: claim } = await commands.load(emailClaimDecider, emailClaimStreamId(email));
    if (!claim.claimedBy) return null;
    return accountById(claim.claimedBy);
  };

  /**
   * The user as the browser keeps it; the name is the profile's when the wizard set one, and
   * `linkCoins` the balance of the wallet's stream now (not a read model that may lag).
   */
  const sessionUser = async (account: ActiveAccount): Promise<SessionUser> => {
    const [{ state: profile }, { state: wallet }] = await Promise.all([
      commands.load(profileDecider, profileStreamId(account.userId)),
      commands.load(walletDecider, walletStreamId(account.userId)),
    ]);
    const ownerName = currentName(account, profile);
    return {
      _id: account.userId,
      ownerName,
      email: account.email,
      role: account.role,
      roles: rolesOf(account),
      linkCoins: wallet.balance,
      companyName: currentCompanyName(account.companyName, profile.personal.companyName),
      handle: primaryHandle(
        profile.accounts.map((a) => ({ ...a, verified: a.verifiedBy !== null })),
        profile.personal.legacyHandle,
        ownerName,
      ),
      profilePicUrl: profile.profilePicUrl,
    };
  };

  const session = async (
    account: ActiveAccount,
    meta: CommandMetadata,
    mode: SessionMode = 'bearer',
  ): Promise<Session> => {
    const consoleUser = rolesOf(account).some((role) => role === 'admin' || role === 'auditor');
    if (mode === 'browser' || (mode === 'console' && consoleUser)) {
      const browser = await sessions.start(account, meta);
      return {
        token: browser.access.token,
        expiresIn: browser.access.expiresIn,
        user: await sessionUser(account),
        refresh: browser.refresh,
      };
    }
    const issued = await tokens.issue(
      { userId: account.userId, roles: rolesOf(account), tokenVersion: account.tokenVersion },
      meta.now,
    );
    return {
      token: issued.token,
      expiresIn: issued.expiresIn,
      user: await sessionUser(account),
      refresh: null,
    };
  };

  // One-time codes ------------------------------------------------------------------------

  /** Sends a code for registration (the address must be free) or password reset (it must be taken). */
  const sendOtp = async (
    email: string,
    purpose: OtpPurpose,
    meta: CommandMetadata,
  ): Promise<void> => {
    const account = await accountByEmail(email);
    if (purpose === 'registration' && account) {
      throw new DomainError('not_found', M.emailAlreadyRegistered);
    }
    if (purpose === 'password_reset' && !account) {
      throw new DomainError('not_found', M.noUserWithEmail);
    }
    const code = codes.generate();
    const codeHash = codes.hash(email, code);
    const issued = await commands.handle(emailOtpDecider, emailOtpStreamId(email), {
      type: 'IssueOtp',
      data: { email, purpose, codeHash },
      metadata: meta,
    });
    // Only a code this call stored may be mailed: anything else would be a code nobody can use.
    if (
      issued.alreadyHandled ||
      !issued.events.some((e) => e.type === 'OtpIssued' && e.data.codeHash === codeHash)
    ) {
      throw new Error('the one-time code was not issued');
    }
    try {
      await mailer.send(otpMail(email, code, purpose));
    } catch (error) {
      logger.error({ err: error }, 'the one-time code mail could not be sent');
      throw new DomainError('upstream', M.sendOtpFailed);
    }
  };

  /** Checks a code on the server; a right one yields a single-use verification token. */
  const verifyOtp = async (
    email: string,
    otp: string,
    meta: CommandMetadata,
  ): Promise<{ verificationToken: string; expiresIn: number }> => {
    const verification = codes.verificationToken();
    const result = await commands.handle(emailOtpDecider, emailOtpStreamId(email), {
      type: 'VerifyOtp',
      data: { email, codeHash: codes.hash(email, otp), verificationHash: verification.hash },
      metadata: meta,
    });
    // Only a verification this call recorded yields the token: its hash is in the event.
    if (
      result.alreadyHandled ||
      !result.events.some(
        (event) =>
          event.type === 'OtpVerified' && event.data.verificationHash === verification.hash,
      )
    ) {
      throw new DomainError('validation', M.invalidOtp);
    }
    return { verificationToken: verification.token, expiresIn: VERIFICATION_VALIDITY_MS / 1000 };
  };

  const otpStatusOf = async (
    email: string,
    now: Date,
  ): Promise<{ status: OtpStatus; expiresAt: string | null }> => {
    const { state } = await commands.load(emailOtpDecider, emailOtpStreamId(email));
    const status = otpStatus(state, now);
    const code = state.current;
    const expiresAt =
      status === 'pending'
        ? (code?.expiresAt ?? null)
        : status === 'verified'
          ? (code?.verification?.validUntil ?? null)
          : null;
    return { status, expiresAt };
  };

  const consumeVerification = async (
    email: string,
    purpose: OtpPurpose,
    token: string,
    meta: CommandMetadata,
  ) => {
    const verificationHash = OtpCodes.hashToken(token);
    const consumed = await commands.handle(emailOtpDecider, emailOtpStreamId(email), {
      type: 'ConsumeVerification',
      data: { email, purpose, verificationHash },
      metadata: meta,
    });
    // The flow goes on only when this very call consumed the verification.
    if (
      consumed.alreadyHandled ||
      !consumed.events.some(
        (event) =>
          event.type === 'VerificationConsumed' &&
          event.data.purpose === purpose &&
          event.data.verificationHash === verificationHash,
      )
    ) {
      throw new DomainError('validation', M.verificationRequired);
    }
  };

  // Registration and sign-in ---------------------------------------------------------------

  /** Claims the address for a new user id and opens the account. */
  const openAccount = async (input: NewAccount, meta: CommandMetadata): Promise<ActiveAccount> => {
    const userId = randomUUID();
    const { state: claim } = await commands.load(
      emailClaimDecider,
      emailClaimStreamId(input.email),
    );
    const orphanedClaimant =
      claim.claimedBy && !(await accountById(claim.claimedBy)) ? claim.claimedBy : null;
    const claimed = await commands.handle(emailClaimDecider, emailClaimStreamId(input.email), {
      type: 'ClaimEmail',
      data: { email: input.email, userId, orphanedClaimant },
      metadata: meta,
    });
    // The account is opened only when this call claimed the address for the new user id.
    if (
      claimed.alreadyHandled ||
      !claimed.events.some((event) => event.type === 'EmailClaimed' && event.data.userId === userId)
    ) {
      throw new DomainError('conflict', M.emailAlreadyRegistered);
    }
    const result = await commands.handle(accountDecider, accountStreamId(userId), {
      type: 'RegisterAccount',
      data: { userId, ...input },
      metadata: { ...meta, actorUserId: meta.actorUserId ?? userId },
    });
    if (
      result.alreadyHandled ||
      result.state.status !== 'active' ||
      !result.events.some((event) => event.type === 'AccountRegistered')
    ) {
      throw new Error('registration did not open the account');
    }
    return result.state;
  };

  const register = async (
    input: {
      ownerName: string;
      email: string;
      password: string;
      role: RegistrationRole;
      mobile: string;
      companyName?: string;
      verificationToken: string;
    },
    meta: CommandMetadata,
  ): Promise<ActiveAccount> => {
    if (await accountByEmail(input.email)) {
      throw new DomainError('conflict', M.emailAlreadyRegistered);
    }
    // The proof first: a bogus token must cost no password hash (50 of them would keep both
    // cores busy). A crash between the two burns the verification; the user asks a new code.
    await consumeVerification(input.email, 'registration', input.verificationToken, meta);
    const passwordHash = await hashPassword(input.password);
    return openAccount(
      {
        email: input.email,
        ownerName: input.ownerName,
        // Only brands have a company.
        companyName: input.role === 'user' ? companyNameOf(input.companyName) : null,
        role: input.role,
        mobile: input.mobile,
        passwordHash,
        googleSub: null,
        emailProof: 'email_otp',
      },
      meta,
    );
  };

  /**
   * The metadata of the sign-in guard's commands: ours only (the instant and the request's
   * correlation), never a client's idempotency key, which would make a failure "already handled"
   * and so not count.
   */
  const guardMetadata = (meta: CommandMetadata): CommandMetadata => ({
    now: meta.now,
    actorUserId: null,
    correlationId: meta.correlationId,
    causationId: meta.causationId,
  });

  /** Mails the owner once for each appended failure that marks a notice as due. */
  const mailSignInNotices = async (
    account: ActiveAccount,
    events: readonly SignInGuardEvent[],
  ): Promise<void> => {
    for (const event of events) {
      if (event.type !== 'SignInFailed' || !event.data.noticeDue) continue;
      try {
        await mailer.send(
          signInNoticeMail(account.email, {
            ownerName: account.ownerName,
            failedAttempts: event.data.failures,
            at: event.data.at,
            forgotPasswordUrl: forgotPasswordUrl(),
          }),
        );
      } catch (error) {
        // The failure is recorded either way: a mail that could not be sent never changes the 401.
        logger.error(
          { err: error, to: maskAddress(account.email) },
          'the failed sign-in notice could not be sent',
        );
      }
    }
  };

  /**
   * Password sign-in, guarded per account (domain/accounts/sign-in-guard.ts) on top of the
   * per-client limits of the edge: during a delay every attempt is refused (SignInPaused, 429)
   * before the password is hashed; afterwards the failure or the success is recorded. Unknown
   * addresses cost a hash too and record nothing (there is no account to guard).
   */
  const login = async (
    email: string,
    password: string,
    meta: CommandMetadata,
    mode: SessionMode = 'bearer',
  ): Promise<Session> => {
    const account = await accountByEmail(email);
    if (account) {
      const { state } = await commands.load(
        signInGuardDecider,
        signInGuardStreamId(account.userId),
      );
      assertSignInAllowed(state, meta.now);
    }
    // Unknown addresses cost a hash too, so timing does not tell which addresses exist.
    const valid = await verifyPassword(password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!account) throw new DomainError('unauthorized', M.wrongCredentials);
    const userId = account.userId;
    const guard = signInGuardStreamId(userId);
    if (!account.passwordHash || !valid) {
      // Throws SignInPaused when a concurrent failure has just imposed a delay.
      const failed = await commands.handle(signInGuardDecider, guard, {
        type: 'RecordFailedSignIn',
        data: { userId },
        metadata: guardMetadata(meta),
      });
      if (!failed.alreadyHandled) await mailSignInNotices(account, failed.events);
      throw new DomainError('unauthorized', M.wrongCredentials);
    }
    // Decided against the newest state: a delay imposed meanwhile refuses the right password too,
    // and then no session is issued.
    await commands.handle(signInGuardDecider, guard, {
      type: 'RecordSuccessfulSignIn',
      data: { userId },
      metadata: guardMetadata(meta),
    });
    return session(account, meta, mode);
  };

  /** The same guarded sign-in; only admins get the session. */
  const adminLogin = async (
    email: string,
    password: string,
    meta: CommandMetadata,
    mode: SessionMode = 'bearer',
  ): Promise<Session> => {
    const account = await accountByEmail(email);
    // Checked before a browser session is opened for someone the desk would turn away.
    const signedIn = await login(
      email,
      password,
      meta,
      account && rolesOf(account).includes('admin') ? mode : 'bearer',
    );
    if (!signedIn.user.roles.includes('admin')) throw new DomainError('forbidden', M.adminOnly);
    return signedIn;
  };

  /**
   * Google sign-in: the ID token is verified on the server. A known address signs in (linking
   * the Google account on first use); an unknown one is registered when a role is given (the
   * registration screens), and refused otherwise (the login screen).
   */
  const googleSignIn = async (
    credential: string,
    role: RegistrationRole | undefined,
    meta: CommandMetadata,
    mode: SessionMode = 'bearer',
  ): Promise<Session & { isNewUser: boolean }> => {
    if (!google) throw new DomainError('not_found', M.googleNotConfigured);
    let identity;
    try {
      identity = await google.verify(credential, meta.now);
    } catch (error) {
      if (error instanceof GoogleTokenRejected) {
        logger.warn({ reason: error.message }, 'Google ID token rejected');
        throw new DomainError('unauthorized', M.googleRejected);
      }
      throw error;
    }
    if (!identity.emailVerified) throw new DomainError('unauthorized', M.googleEmailUnverified);
    const existing = await accountByEmail(identity.email);
    if (existing) {
      const linked = await commands.handle(accountDecider, accountStreamId(existing.userId), {
        type: 'LinkGoogleAccount',
        data: { googleSub: identity.sub },
        metadata: { ...meta, actorUserId: existing.userId },
      });
      if (linked.state.status !== 'active') throw new Error('account vanished');
      return { ...(await session(linked.state, meta, mode)), isNewUser: false };
    }
    if (!role) throw new DomainError('not_found', M.googleNoAccount);
    const account = await openAccount(
      {
        email: identity.email,
        ownerName:
          cleanName(identity.name ?? '').slice(0, 100) ||
          cleanName(identity.email.split('@')[0] ?? '') ||
          'New member',
        role,
        mobile: '',
        passwordHash: null,
        googleSub: identity.sub,
        emailProof: 'google',
      },
      meta,
    );
    return { ...(await session(account, meta, mode)), isNewUser: true };
  };

  /** The signed-in user as the browser keeps it, or a refusal when the account is gone. */
  const currentUser = async (userId: string): Promise<SessionUser> => {
    const account = await accountById(userId);
    if (!account) throw new DomainError('unauthorized', M.sessionExpired);
    return sessionUser(account);
  };

  /** The spec's refresh: a fresh bearer token for the caller of a valid one. */
  const refresh = async (
    userId: string,
    meta: CommandMetadata,
  ): Promise<{ token: string; expiresIn: number }> => {
    const account = await accountById(userId);
    if (!account) throw new DomainError('unauthorized', M.sessionExpired);
    const { token, expiresIn } = await session(account, meta);
    return { token, expiresIn };
  };

  /** A browser's refresh: its cookie for an access token (and the rotated cookie). */
  const refreshBrowser = async (cookie: string, meta: CommandMetadata): Promise<Session> => {
    const browser = await sessions.refresh(cookie, meta);
    return {
      token: browser.access.token,
      expiresIn: browser.access.expiresIn,
      user: await sessionUser(browser.account),
      refresh: browser.refresh,
    };
  };

  /**
   * The signed-in owner's new password, given the current one. Every other session of the
   * account ends (the token version moves on); the browser that changed it gets a new one.
   */
  const changePassword = async (
    userId: string,
    input: { currentPassword: string; newPassword: string },
    meta: CommandMetadata,
    mode: SessionMode,
  ): Promise<Session> => {
    const account = await accountById(userId);
    if (!account) throw new DomainError('unauthorized', M.sessionExpired);
    const { state } = await commands.load(signInGuardDecider, signInGuardStreamId(userId));
    assertSignInAllowed(state, meta.now);
    const valid = await verifyPassword(
      input.currentPassword,
      account.passwordHash ?? DUMMY_PASSWORD_HASH,
    );
    if (!account.passwordHash || !valid) {
      // A wrong current password counts as a failed sign-in: the same guard, the same delays.
      const failed = await commands.handle(signInGuardDecider, signInGuardStreamId(userId), {
        type: 'RecordFailedSignIn',
        data: { userId },
        metadata: guardMetadata(meta),
      });
      if (!failed.alreadyHandled) await mailSignInNotices(account, failed.events);
      throw new DomainError(
        'validation',
        account.passwordHash ? M.wrongCurrentPassword : M.noPasswordYet,
      );
    }
    const passwordHash = await hashPassword(input.newPassword);
    const changed = await commands.handle(accountDecider, accountStreamId(userId), {
      type: 'ChangePassword',
      data: { passwordHash },
      metadata: { ...guardMetadata(meta), actorUserId: userId },
    });
    if (
      changed.alreadyHandled ||
      changed.state.status !== 'active' ||
      !changed.events.some(
        (event) => event.type === 'PasswordChanged' && event.data.passwordHash === passwordHash,
      )
    ) {
      throw new DomainError('conflict', M.passwordChangeFailed);
    }
    return session(changed.state, meta, mode);
  };

  const logout = async (userId: string, meta: CommandMetadata): Promise<void> => {
    const result = await commands.handle(accountDecider, accountStreamId(userId), {
      type: 'LogOut',
      data: {},
      metadata: meta,
    });
    // "Logged out" promises that earlier tokens are revoked: only a LoggedOut appended now does it.
    if (result.alreadyHandled || !result.events.some((event) => event.type === 'LoggedOut')) {
      throw new DomainError('conflict', M.logoutFailed);
    }
  };

  const resetPassword = async (
    input: { email: string; newPassword: string; verificationToken: string },
    meta: CommandMetadata,
  ): Promise<void> => {
    const account = await accountByEmail(input.email);
    if (!account) throw new DomainError('not_found', M.noUserWithEmail);
    await consumeVerification(input.email, 'password_reset', input.verificationToken, meta);
    const passwordHash = await hashPassword(input.newPassword);
    const reset = await commands.handle(accountDecider, accountStreamId(account.userId), {
      type: 'ResetPassword',
      data: { passwordHash },
      metadata: { ...meta, actorUserId: meta.actorUserId ?? account.userId },
    });
    // "Password has been reset" only when this call changed it.
    if (
      reset.alreadyHandled ||
      !reset.events.some(
        (event) => event.type === 'PasswordChanged' && event.data.passwordHash === passwordHash,
      )
    ) {
      throw new DomainError('conflict', M.resetFailed);
    }
    // The owner proved control of the address: lift the sign-in guard. If this fails the guard
    // lifts by itself (delays are at most minutes), so the reset still succeeds.
    try {
      await commands.handle(signInGuardDecider, signInGuardStreamId(account.userId), {
        type: 'ClearFailedSignIns',
        data: { userId: account.userId, reason: 'password_reset' },
        metadata: guardMetadata(meta),
      });
    } catch (error) {
      logger.error({ err: error }, 'the sign-in guard was not cleared after a password reset');
    }
  };

  /** Grants or revokes a role of an existing account; answers the position to wait for. */
  const changeRole = async (
    userId: string,
    command: Readonly<{ type: 'GrantRole' | 'RevokeRole'; role: GrantableRole }>,
    meta: CommandMetadata,
  ): Promise<{ account: ActiveAccount; position: number | null }> => {
    if (!(await accountById(userId))) throw new DomainError('not_found', M.accountNotFound);
    const result = await commands.handle(accountDecider, accountStreamId(userId), {
      type: command.type,
      data: { role: command.role },
      metadata: meta,
    });
    if (result.state.status !== 'active') throw new DomainError('not_found', M.accountNotFound);
    return { account: result.state, position: result.position };
  };

  /** Grants a role to an existing account. */
  const grantRole = (userId: string, role: GrantableRole, meta: CommandMetadata) =>
    changeRole(userId, { type: 'GrantRole', role }, meta);

  /** Takes a granted role back; every session of the account ends with it (`RoleRevoked`). */
  const revokeRole = (userId: string, role: GrantableRole, meta: CommandMetadata) =>
    changeRole(userId, { type: 'RevokeRole', role }, meta);

  /**
   * Makes sure the marketplace has an admin. With ADMIN_EMAIL/ADMIN_PASSWORD that account is
   * ensured on every start. Otherwise the first start creates admin@linkcoin.local with a
   * generated password returned once (for the console banner, never the logs); once a first
   * admin is recorded, later starts create nobody.
   */
  const ensureAdmin = async (
    configured: { email: string; password: string } | null,
    meta: CommandMetadata,
  ): Promise<{ email: string; generatedPassword: string | null; created: boolean }> => {
    const { state: recorded } = await commands.load(firstAdminDecider, FIRST_ADMIN_STREAM);
    if (!configured && recorded.email) {
      return { email: recorded.email, generatedPassword: null, created: false };
    }
    const email = configured?.email ?? 'admin@linkcoin.local';
    let account = await accountByEmail(email);
    let generatedPassword: string | null = null;
    if (account && !rolesOf(account).includes('admin')) {
      logger.warn({ email }, 'the configured admin address belongs to a non-admin account');
      return { email, generatedPassword: null, created: false };
    }
    const created = !account;
    if (!account) {
      const password = configured?.password ?? randomBytes(12).toString('base64url');
      try {
        account = await openAccount(
          {
            email,
            ownerName: 'LinkCoin Admin',
            role: 'admin',
            mobile: '',
            passwordHash: await hashPassword(password),
            googleSub: null,
            emailProof: 'operator',
          },
          meta,
        );
        generatedPassword = configured ? null : password;
      } catch (error) {
        // Another replica created it at the same moment: that one is the admin.
        if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
        return { email, generatedPassword: null, created: false };
      }
    }
    await commands.handle(firstAdminDecider, FIRST_ADMIN_STREAM, {
      type: 'RecordFirstAdmin',
      data: { userId: account.userId, email },
      metadata: meta,
    });
    return { email, generatedPassword, created };
  };

  return {
    accountById,
    accountByEmail,
    sessionUser,
    currentUser,
    sendOtp,
    verifyOtp,
    otpStatus: otpStatusOf,
    register,
    login,
    adminLogin,
    googleSignIn,
    refresh,
    refreshBrowser,
    changePassword,
    logout,
    resetPassword,
    grantRole,
    revokeRole,
    ensureAdmin,
  };
};

export type AccountHandlers = ReturnType<typeof accountHandlers>;
