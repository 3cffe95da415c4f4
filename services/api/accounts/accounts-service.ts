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
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { Mailer } from '@linkcoin/infra/mail/port.ts';
import { GoogleTokenRejected, type GoogleIdTokenVerifier } from '../auth/google.ts';
import { OtpCodes } from '../auth/otp-codes.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { SessionTokens } from '../auth/session-tokens.ts';
import { HttpError } from '../http/errors.ts';
import { otpMail } from './mail-templates.ts';

export type Session = Readonly<{ token: string; expiresIn: number; user: SessionUser }>;

export type AccountsServiceDeps = Readonly<{
  commands: CommandHandler;
  mailer: Mailer;
  codes: OtpCodes;
  tokens: SessionTokens;
  google: GoogleIdTokenVerifier | null;
  logger: Logger;
}>;

/**
 * The account use cases. Each step is a single-stream decision; flows that touch several
 * streams order their steps so a failure part-way leaves nothing inconsistent behind (a burnt
 * verification, at worst, which the user replaces by asking for a new code).
 */
export class AccountsService {
  readonly #deps: AccountsServiceDeps;

  constructor(deps: AccountsServiceDeps) {
    this.#deps = deps;
  }

  /** The active account registered with an address, if any. */
  async accountByEmail(email: string): Promise<ActiveAccount | null> {
    const { state: claim } = await this.#deps.commands.load(
      emailClaimDecider,
      emailClaimStreamId(email),
    );
    if (!claim.claimedBy) return null;
    return this.accountById(claim.claimedBy);
  }

  async accountById(userId: string): Promise<ActiveAccount | null> {
    const { state } = await this.#deps.commands.load(accountDecider, accountStreamId(userId));
    return state.status === 'active' ? state : null;
  }

  /** The user as the browser keeps it; the name is the profile's when the wizard set one. */
  async sessionUser(account: ActiveAccount): Promise<SessionUser> {
    const { state: profile } = await this.#deps.commands.load(
      profileDecider,
      profileStreamId(account.userId),
    );
    return {
      _id: account.userId,
      ownerName: profile.personal.ownerName ?? account.ownerName,
      email: account.email,
      role: account.role,
      roles: rolesOf(account),
      linkCoins: 0,
    };
  }

  async #session(account: ActiveAccount, now: Date): Promise<Session> {
    const issued = await this.#deps.tokens.issue(
      { userId: account.userId, roles: rolesOf(account), tokenVersion: account.tokenVersion },
      now,
    );
    return {
      token: issued.token,
      expiresIn: issued.expiresIn,
      user: await this.sessionUser(account),
    };
  }

  // One-time codes ------------------------------------------------------------------------

  /** Sends a code for registration (the address must be free) or password reset (it must be taken). */
  async sendOtp(email: string, purpose: OtpPurpose, meta: CommandMetadata): Promise<void> {
    const account = await this.accountByEmail(email);
    if (purpose === 'registration' && account) throw new HttpError(404, M.emailAlreadyRegistered);
    if (purpose === 'password_reset' && !account) throw new HttpError(404, M.noUserWithEmail);
    const code = this.#deps.codes.generate();
    const codeHash = this.#deps.codes.hash(email, code);
    const issued = await this.#deps.commands.handle(emailOtpDecider, emailOtpStreamId(email), {
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
      await this.#deps.mailer.send(otpMail(email, code, purpose));
    } catch (error) {
      this.#deps.logger.error({ err: error }, 'the one-time code mail could not be sent');
      throw new HttpError(502, M.sendOtpFailed);
    }
  }

  /** Checks a code on the server; a right one yields a single-use verification token. */
  async verifyOtp(
    email: string,
    otp: string,
    meta: CommandMetadata,
  ): Promise<{ verificationToken: string; expiresIn: number }> {
    const verification = this.#deps.codes.verificationToken();
    const result = await this.#deps.commands.handle(emailOtpDecider, emailOtpStreamId(email), {
      type: 'VerifyOtp',
      data: {
        email,
        codeHash: this.#deps.codes.hash(email, otp),
        verificationHash: verification.hash,
      },
      metadata: meta,
    });
    if (!result.events.some((event) => event.type === 'OtpVerified')) {
      throw new HttpError(400, M.invalidOtp);
    }
    return { verificationToken: verification.token, expiresIn: VERIFICATION_VALIDITY_MS / 1000 };
  }

  async otpStatus(
    email: string,
    now: Date,
  ): Promise<{ status: OtpStatus; expiresAt: string | null }> {
    const { state } = await this.#deps.commands.load(emailOtpDecider, emailOtpStreamId(email));
    const status = otpStatus(state, now);
    const code = state.current;
    const expiresAt =
      status === 'pending'
        ? (code?.expiresAt ?? null)
        : status === 'verified'
          ? (code?.verification?.validUntil ?? null)
          : null;
    return { status, expiresAt };
  }

  async #consumeVerification(
    email: string,
    purpose: OtpPurpose,
    token: string,
    meta: CommandMetadata,
  ) {
    const consumed = await this.#deps.commands.handle(emailOtpDecider, emailOtpStreamId(email), {
      type: 'ConsumeVerification',
      data: { email, purpose, verificationHash: OtpCodes.hashToken(token) },
      metadata: meta,
    });
    // The flow goes on only when this very call consumed the verification.
    if (
      consumed.alreadyHandled ||
      !consumed.events.some((event) => event.type === 'VerificationConsumed')
    ) {
      throw new HttpError(400, M.verificationRequired);
    }
  }

  // Registration and sign-in ---------------------------------------------------------------

  /** Claims the address for a new user id and opens the account. */
  async #openAccount(
    input: {
      email: string;
      ownerName: string;
      role: PrimaryRole;
      mobile: string;
      passwordHash: string | null;
      googleSub: string | null;
      emailProof: EmailProof;
    },
    meta: CommandMetadata,
  ): Promise<ActiveAccount> {
    const userId = randomUUID();
    const { state: claim } = await this.#deps.commands.load(
      emailClaimDecider,
      emailClaimStreamId(input.email),
    );
    const orphanedClaimant =
      claim.claimedBy && !(await this.accountById(claim.claimedBy)) ? claim.claimedBy : null;
    await this.#deps.commands.handle(emailClaimDecider, emailClaimStreamId(input.email), {
      type: 'ClaimEmail',
      data: { email: input.email, userId, orphanedClaimant },
      metadata: meta,
    });
    const result = await this.#deps.commands.handle(accountDecider, accountStreamId(userId), {
      type: 'RegisterAccount',
      data: { userId, ...input },
      metadata: { ...meta, actorUserId: meta.actorUserId ?? userId },
    });
    if (result.state.status !== 'active') throw new Error('registration did not open the account');
    return result.state;
  }

  async register(
    input: {
      ownerName: string;
      email: string;
      password: string;
      role: RegistrationRole;
      mobile: string;
      verificationToken: string;
    },
    meta: CommandMetadata,
  ): Promise<ActiveAccount> {
    if (await this.accountByEmail(input.email)) throw new HttpError(409, M.emailAlreadyRegistered);
    const passwordHash = await hashPassword(input.password);
    await this.#consumeVerification(input.email, 'registration', input.verificationToken, meta);
    return this.#openAccount(
      {
        email: input.email,
        ownerName: input.ownerName,
        role: input.role,
        mobile: input.mobile,
        passwordHash,
        googleSub: null,
        emailProof: 'email_otp',
      },
      meta,
    );
  }

  async login(email: string, password: string, now: Date): Promise<Session> {
    const account = await this.accountByEmail(email);
    // Unknown addresses cost a hash too, so timing does not tell which addresses exist.
    const valid = await verifyPassword(password, account?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!account || !account.passwordHash || !valid) throw new HttpError(401, M.wrongCredentials);
    return this.#session(account, now);
  }

  async adminLogin(email: string, password: string, now: Date): Promise<Session> {
    const session = await this.login(email, password, now);
    if (!session.user.roles.includes('admin')) throw new HttpError(403, M.adminOnly);
    return session;
  }

  /**
   * Google sign-in: the ID token is verified on the server. A known address signs in (linking
   * the Google account on first use); an unknown one is registered when a role is given (the
   * registration screens), and refused otherwise (the login screen).
   */
  async googleSignIn(
    credential: string,
    role: RegistrationRole | undefined,
    meta: CommandMetadata,
  ): Promise<Session & { isNewUser: boolean }> {
    const google = this.#deps.google;
    if (!google) throw new HttpError(404, M.googleNotConfigured);
    let identity;
    try {
      identity = await google.verify(credential, meta.now);
    } catch (error) {
      if (error instanceof GoogleTokenRejected) {
        this.#deps.logger.warn({ reason: error.message }, 'Google ID token rejected');
        throw new HttpError(401, M.googleRejected);
      }
      throw error;
    }
    if (!identity.emailVerified) throw new HttpError(401, M.googleEmailUnverified);
    const existing = await this.accountByEmail(identity.email);
    if (existing) {
      const linked = await this.#deps.commands.handle(
        accountDecider,
        accountStreamId(existing.userId),
        {
          type: 'LinkGoogleAccount',
          data: { googleSub: identity.sub },
          metadata: { ...meta, actorUserId: existing.userId },
        },
      );
      if (linked.state.status !== 'active') throw new Error('account vanished');
      return { ...(await this.#session(linked.state, meta.now)), isNewUser: false };
    }
    if (!role) throw new HttpError(404, M.googleNoAccount);
    const account = await this.#openAccount(
      {
        email: identity.email,
        ownerName: (identity.name ?? identity.email.split('@')[0] ?? 'New member').slice(0, 100),
        role,
        mobile: '',
        passwordHash: null,
        googleSub: identity.sub,
        emailProof: 'google',
      },
      meta,
    );
    return { ...(await this.#session(account, meta.now)), isNewUser: true };
  }

  async refresh(userId: string, now: Date): Promise<{ token: string; expiresIn: number }> {
    const account = await this.accountById(userId);
    if (!account) throw new HttpError(401, M.sessionExpired);
    const { token, expiresIn } = await this.#session(account, now);
    return { token, expiresIn };
  }

  async logout(userId: string, meta: CommandMetadata): Promise<void> {
    await this.#deps.commands.handle(accountDecider, accountStreamId(userId), {
      type: 'LogOut',
      data: {},
      metadata: meta,
    });
  }

  async resetPassword(
    input: { email: string; newPassword: string; verificationToken: string },
    meta: CommandMetadata,
  ): Promise<void> {
    const account = await this.accountByEmail(input.email);
    if (!account) throw new HttpError(404, M.noUserWithEmail);
    const passwordHash = await hashPassword(input.newPassword);
    await this.#consumeVerification(input.email, 'password_reset', input.verificationToken, meta);
    await this.#deps.commands.handle(accountDecider, accountStreamId(account.userId), {
      type: 'ResetPassword',
      data: { passwordHash },
      metadata: { ...meta, actorUserId: meta.actorUserId ?? account.userId },
    });
  }

  async grantRole(
    userId: string,
    role: GrantableRole,
    meta: CommandMetadata,
  ): Promise<{ account: ActiveAccount; position: number | null }> {
    const result = await this.#deps.commands.handle(accountDecider, accountStreamId(userId), {
      type: 'GrantRole',
      data: { role },
      metadata: meta,
    });
    if (result.state.status !== 'active') throw new DomainError('not_found', M.accountNotFound);
    return { account: result.state, position: result.position };
  }

  /**
   * Makes sure the marketplace has an admin. With ADMIN_EMAIL/ADMIN_PASSWORD that account is
   * ensured on every start. Otherwise the first start creates admin@linkcoin.local with a
   * generated password returned once (for the console banner, never the logs); once a first
   * admin is recorded, later starts create nobody.
   */
  async ensureAdmin(
    configured: { email: string; password: string } | null,
    meta: CommandMetadata,
  ): Promise<{ email: string; generatedPassword: string | null; created: boolean }> {
    const { commands } = this.#deps;
    const { state: recorded } = await commands.load(firstAdminDecider, FIRST_ADMIN_STREAM);
    if (!configured && recorded.email) {
      return { email: recorded.email, generatedPassword: null, created: false };
    }
    const email = configured?.email ?? 'admin@linkcoin.local';
    let account = await this.accountByEmail(email);
    let generatedPassword: string | null = null;
    if (account && !rolesOf(account).includes('admin')) {
      this.#deps.logger.warn(
        { email },
        'the configured admin address belongs to a non-admin account',
      );
      return { email, generatedPassword: null, created: false };
    }
    const created = !account;
    if (!account) {
      const password = configured?.password ?? randomBytes(12).toString('base64url');
      try {
        account = await this.#openAccount(
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
  }
}
