import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { Bus } from '@linkcoin/infra/bus/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Mailer } from '@linkcoin/infra/mail/port.ts';
import type { UploadStorage } from '@linkcoin/infra/uploads/port.ts';
import type { AppConfig } from './config.ts';
import type { Secrets } from './secrets.ts';
import type { ProjectionProgress } from './projection-progress.ts';

/** A typed tsyringe token: a symbol that remembers what it resolves to. */
export type Token<T> = symbol & { readonly __resolves?: T };
const token = <T>(description: string): Token<T> => Symbol(description) as Token<T>;

export type Clock = Readonly<{ now: () => Date }>;

/**
 * The ports the runtime wires, one token each. Only ports live here: what a context builds on
 * top of them (its command handlers, its clients) stays inside the context's factory, so this
 * file imports nothing from a context. A new port (payments, push) adds its token here and its
 * field to the `Platform` of `context.ts`.
 */
export const TOKENS = {
  Config: token<AppConfig>('Config'),
  Logger: token<Logger>('Logger'),
  Clock: token<Clock>('Clock'),
  EventStore: token<EventStore>('EventStore'),
  ReadStore: token<ReadStore>('ReadStore'),
  Bus: token<Bus>('Bus'),
  CommandHandler: token<CommandHandler>('CommandHandler'),
  ProjectionProgress: token<ProjectionProgress>('ProjectionProgress'),
  Secrets: token<Secrets>('Secrets'),
  Mailer: token<Mailer>('Mailer'),
  UploadStorage: token<UploadStorage>('UploadStorage'),
} as const;

/** Resolves a token with its type (tsyringe cannot infer it from a symbol). */
export const resolve = <T>(container: DependencyContainer, token: Token<T>): T =>
  container.resolve<T>(token);
