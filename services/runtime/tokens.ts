import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { Bus } from '@linkcoin/infra/bus/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';
import type { Mailer } from '@linkcoin/infra/mail/port.ts';
import type { UploadStorage } from '@linkcoin/infra/uploads/port.ts';
import type { ProfilesService } from '../api/profiles/profiles-service.ts';
import type { CodeVault } from '../api/verification/code-vault.ts';
import type { InstagramVerificationService } from '../api/verification/instagram-service.ts';
import type { YouTubeVerificationService } from '../api/verification/youtube-service.ts';
import type { AccountsService } from '../api/accounts/accounts-service.ts';
import type { GoogleIdTokenVerifier } from '../api/auth/google.ts';
import type { OtpCodes } from '../api/auth/otp-codes.ts';
import type { AuthRateLimits } from '../api/auth/rate-limits.ts';
import type { SessionTokens } from '../api/auth/session-tokens.ts';
import type { Authenticator } from '../api/http/endpoint.ts';
import type { AppConfig } from './config.ts';
import type { Secrets } from './secrets.ts';
import type { ProjectionProgress } from './projection-progress.ts';

/** A typed tsyringe token: a symbol that remembers what it resolves to. */
export type Token<T> = symbol & { readonly __resolves?: T };
const token = <T>(description: string): Token<T> => Symbol(description) as Token<T>;

export type Clock = Readonly<{ now: () => Date }>;

/** Everything the runtime wires, by port. Later features add their tokens here. */
export const TOKENS = {
  Config: token<AppConfig>('Config'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  EventStore: token<EventStore>('EventStore'),
  ReadStore: token<ReadStore>('ReadStore'),
  Bus: token<Bus>('Bus'),
  CommandHandler: token<CommandHandler>('CommandHandler'),
  Projections: token<readonly Projection[]>('Projections'),
  ProjectionProgress: token<ProjectionProgress>('ProjectionProgress'),
  Secrets: token<Secrets>('Secrets'),
  Mailer: token<Mailer>('Mailer'),
  SessionTokens: token<SessionTokens>('SessionTokens'),
  OtpCodes: token<OtpCodes>('OtpCodes'),
  /** Null when no Google client id is configured: the sign-in button is then not shown. */
  GoogleVerifier: token<GoogleIdTokenVerifier | null>('GoogleVerifier'),
  Authenticator: token<Authenticator>('Authenticator'),
  AuthRateLimits: token<AuthRateLimits>('AuthRateLimits'),
  AccountsService: token<AccountsService>('AccountsService'),
  UploadStorage: token<UploadStorage>('UploadStorage'),
  ProfilesService: token<ProfilesService>('ProfilesService'),
  CodeVault: token<CodeVault>('CodeVault'),
  InstagramVerification: token<InstagramVerificationService>('InstagramVerification'),
  YouTubeVerification: token<YouTubeVerificationService>('YouTubeVerification'),
} as const;

/** Resolves a token with its type (tsyringe cannot infer it from a symbol). */
export const resolve = <T>(container: DependencyContainer, token: Token<T>): T =>
  container.resolve<T>(token);
