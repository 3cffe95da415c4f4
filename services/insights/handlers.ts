import { visibilityAnswer, visibilityOf } from '@linkcoin/domain/directory/visibility.ts';
import type { InsightsAnswer, InsightsPeriod } from '@linkcoin/domain/insights/contracts.ts';
import type { DayRow } from '@linkcoin/domain/insights/daily.ts';
import { periodDays, summarise } from '@linkcoin/domain/insights/summary.ts';
import { profileDecider, profileStreamId } from '@linkcoin/domain/profiles/profile.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { INSIGHTS_DAYS } from './projection.ts';

export type InsightsHandlers = ReturnType<typeof insightsHandlers>;

export const insightsHandlers = (deps: { commands: CommandHandler; readStore: ReadStore }) => {
  const days = () => deps.readStore.collection<DayRow>(INSIGHTS_DAYS);

  /**
   * A creator's period: at most `period` rows read in one range of the (creatorId, day) index,
   * and the profile's place on the visibility bar (the directory's own rule on its stream).
   */
  const insightsOf = async (
    creatorId: string,
    period: InsightsPeriod,
    now: Date,
  ): Promise<InsightsAnswer> => {
    const [from] = periodDays(now, period);
    const [rows, profile] = await Promise.all([
      days().find({
        where: { creatorId, day: { $gte: from! } },
        sort: [['day', 1]],
        limit: period + 1,
      }),
      deps.commands.load(profileDecider, profileStreamId(creatorId)),
    ]);
    return summarise(rows, now, period, visibilityAnswer(visibilityOf(profile.state)));
  };

  return { insightsOf };
};
