import { GoogleIdTokenVerifier } from '@linkcoin/infra/google/id-token-verifier.ts';
import type { BoundedContext } from '../platform/context.ts';
import { createAuthenticator } from './authenticate.ts';
import { browserSessions } from './browser-sessions.ts';
import { consoleUserEndpoints } from './console-endpoints.ts';
import { accountEndpoints } from './endpoints.ts';
import { accountHandlers } from './handlers.ts';
import { OtpCodes } from './otp-codes.ts';
import { createAuthRateLimits } from './rate-limits.ts';
import { SessionTokens } from './session-tokens.ts';
import { sessionsRealtime } from './sessions.ts';

/**
 * Accounts: registration with e-mail codes, sign-in (password and Google), sessions, password
 * reset, roles (the console's grants), the first admin. It also tells every endpoint's guard
 * who is calling (the authenticator).
 */
export const accountsContext: BoundedContext = {
  name: 'accounts',
  projections: [],
  retired: [
    {
      name: 'accounts',
      collections: ['accounts'],
      reason:
        "Served only GET /admin/users, which no screen read: the console's users are the audit " +
        'user overviews (issue 21).',
    },
  ],
  security: new URL('./security.ts', import.meta.url),
  create: (platform) => {
    const { config, clock, commands, mailer, progress, secrets } = platform;
    const logger = platform.logger.child({ component: 'accounts' });
    const tokens = new SessionTokens(secrets.jwtSecret, config.auth.tokenTtlSeconds);
    const google = config.auth.google ? new GoogleIdTokenVerifier(config.auth.google) : null;
    const sessions = browserSessions({
      commands,
      tokens,
      sessionTtlSeconds: config.auth.tokenTtlSeconds,
      accessTtlSeconds: config.auth.accessTokenTtlSeconds,
      secret: secrets.jwtSecret,
    });
    const accounts = accountHandlers({
      commands,
      mailer,
      codes: new OtpCodes(secrets.jwtSecret),
      tokens,
      sessions,
      google,
      logger,
      forgotPasswordUrl: () => `${platform.publicUrl()}/forgot-password`,
    });
    return {
      endpoints: [
        ...accountEndpoints({
          accounts,
          clock,
          limits: createAuthRateLimits(config.auth.rateLimits),
          googleClientId: google?.clientId ?? null,
          // The YouTube settings exist only when a Google client id does too (see config.ts).
          youtubeVerification: config.youtube !== null,
          payments: config.payments.adapter,
          httpsPublicUrl: () => platform.publicUrl().startsWith('https:'),
        }),
        ...consoleUserEndpoints({ accounts, progress, clock }),
      ],
      processes: [],
      authenticator: createAuthenticator({ tokens, commands, clock }),
      realtime: sessionsRealtime({ bus: platform.bus, logger }),
      onStart: async () => {
        const admin = await accounts.ensureAdmin(config.auth.admin, {
          now: clock.now(),
          actorUserId: null,
          correlationId: 'start-up',
          causationId: null,
        });
        if (admin.generatedPassword) {
          return [
            `  First admin created: ${admin.email} / ${admin.generatedPassword}`,
            '  (shown this once: sign in at /adminLogin and keep it safe, or set ADMIN_EMAIL/ADMIN_PASSWORD)',
          ];
        }
        if (admin.created)
          logger.info({ email: admin.email }, 'admin account created from ADMIN_EMAIL');
        return [];
      },
    };
  },
};
