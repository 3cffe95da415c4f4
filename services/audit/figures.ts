import {
  figuresPeriodDays,
  summariseFigures,
  type FiguresAnswer,
  type FiguresPeriod,
  type FiguresRow,
} from '@linkcoin/domain/audit/figures.ts';
import type { ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { AUDIT_FIGURES_DAYS } from './figures-projection.ts';

export type FiguresReader = ReturnType<typeof figuresReader>;

/**
 * A period's figures: its days in one range read of the day index, and the days before it for
 * the number of verified creators the period starts with (one small row per day of activity).
 */
export const figuresReader = (deps: { readStore: ReadStore }) => {
  const days = () => deps.readStore.collection<FiguresRow>(AUDIT_FIGURES_DAYS);
  const figuresOf = async (period: FiguresPeriod, now: Date): Promise<FiguresAnswer> => {
    const [from] = figuresPeriodDays(now, period);
    const [rows, before] = await Promise.all([
      days().find({ where: { day: { $gte: from! } }, sort: [['day', 1]], limit: period + 1 }),
      days().find({ where: { day: { $lt: from! } } }),
    ]);
    return summariseFigures(rows, before, now, period);
  };
  return { figuresOf };
};
