import type { DemoAccount, DemoAccountOutcome } from '@linkcoin/domain/demo/contracts.ts';
import { DIRECTORY_MESSAGES as M } from '@linkcoin/domain/directory/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';
import type { Principal } from '../platform/http/endpoint.ts';
import type { ProjectionProgress } from '../platform/projection-progress.ts';
import { demoPasswordHash, type DemoSeeder } from './seeder.ts';

export type DemoHandlers = ReturnType<typeof demoHandlers>;

export const demoHandlers = (deps: {
  /** Null where demo data may not be added (production). */
  seeder: DemoSeeder | null;
  eventStore: EventStore;
  progress: ProjectionProgress;
}) => {
  /** Makes demo accounts (each once), then waits until the read models show them. */
  const seedDemo = async (
    accounts: readonly DemoAccount[],
    password: string,
    caller: Principal,
    meta: CommandMetadata,
  ): Promise<DemoAccountOutcome[]> => {
    if (!deps.seeder) throw new DomainError('forbidden', M.demoNotInProduction);
    const passwordHash = await demoPasswordHash(password);
    const outcomes: DemoAccountOutcome[] = [];
    for (const account of accounts) {
      outcomes.push(
        await deps.seeder.ensure(account, {
          passwordHash,
          grantedBy: caller.userId,
          now: meta.now,
          correlationId: meta.correlationId,
        }),
      );
    }
    await deps.progress.waitFor(await deps.eventStore.headPosition(), 30_000);
    return outcomes;
  };

  return { seedDemo };
};
