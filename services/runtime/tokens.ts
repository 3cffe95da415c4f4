import type { Logger } from 'pino';
import type { HandleCommand } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { Bus } from '@linkcoin/infra/bus/port.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';
import type { AppConfig } from './config.ts';
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
  HandleCommand: token<HandleCommand>('HandleCommand'),
  Projections: token<readonly Projection[]>('Projections'),
  ProjectionProgress: token<ProjectionProgress>('ProjectionProgress'),
} as const;
