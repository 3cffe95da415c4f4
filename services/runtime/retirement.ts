import type { Logger } from 'pino';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';
import {
  readModelRetirementDecider,
  readModelStreamId,
} from '@linkcoin/domain/shared/read-model-retirement.ts';
import type { Clock } from '../platform/clock.ts';
import type { RetiredReadModel } from '../platform/context.ts';

export type RetirementDeps = Readonly<{
  commands: CommandHandler;
  readStore: ReadStore;
  clock: Clock;
  logger: Logger;
}>;

/**
 * Retires the read models the contexts list as retired (`BoundedContext.retired`), before any
 * projection runs: where one was never retired, or its checkpoint is back (a node of an older
 * release rebuilt it), its collections and checkpoint are dropped; then `ReadModelRetired` is
 * recorded on `readmodel-<name>`, which the decider does once. Dropping comes first, so a crash in
 * between drops again on the next start, and recording last makes the event mean "gone". Run at
 * every start where the projector runs and by `make rebuild`: on every node and after every
 * replay the answer is the same. Answers the names dropped now.
 */
export const retireReadModels = async (
  retired: readonly RetiredReadModel[],
  live: readonly Projection[],
  { commands, readStore, clock, logger }: RetirementDeps,
): Promise<string[]> => {
  const dropped: string[] = [];
  for (const model of retired) {
    if (live.some((projection) => projection.name === model.name))
      throw new Error(`The read model ${model.name} is both retired and kept by a projection`);
    const streamId = readModelStreamId(model.name);
    const { state } = await commands.load(readModelRetirementDecider, streamId);
    const checkpoint = await readStore.getCheckpoint(model.name);
    if (state.retiredAt === null || checkpoint !== null) {
      await readStore.reset(
        model.name,
        model.collections.map((name) => ({ name })),
      );
      dropped.push(model.name);
      logger.info({ readModel: model.name, reason: model.reason }, 'retired read model dropped');
    }
    await commands.handle(readModelRetirementDecider, streamId, {
      type: 'RetireReadModel',
      data: { name: model.name, collections: [...model.collections], reason: model.reason },
      metadata: {
        now: clock.now(),
        actorUserId: null,
        correlationId: `retire-${model.name}`,
        causationId: null,
      },
    });
  }
  return dropped;
};
