import {
  emptyFiguresRow,
  FIGURES_EVENT_TYPES,
  figuresLookup,
  figuresSpend,
  figuresStep,
  foldFiguresRow,
  type FiguresChange,
  type FiguresCreator,
  type FiguresEvent,
  type FiguresRow,
  type FiguresThread,
} from '@linkcoin/domain/audit/figures.ts';
import type { ProjectionTransaction } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

/** One row per day (id and `day`: India's day), read by day range. */
export const AUDIT_FIGURES_DAYS = 'audit_figures_days';
/** Each creator's verified accounts: verified while one is. */
const AUDIT_FIGURES_CREATORS = 'audit_figures_creators';
/** Each connection whose creator has not written yet: deleted at the creator's first message. */
const AUDIT_FIGURES_THREADS = 'audit_figures_threads';

const change = async (
  tx: ProjectionTransaction,
  at: Readonly<{ day: string; change: FiguresChange }> | null,
) => {
  if (!at) return;
  const row = (await tx.get<FiguresRow>(AUDIT_FIGURES_DAYS, at.day)) ?? emptyFiguresRow(at.day);
  await tx.put<FiguresRow>(AUDIT_FIGURES_DAYS, at.day, foldFiguresRow(row, at.change));
};

/**
 * The marketplace figures of the console (issue 24, item 6): sign-ups, verified creators,
 * coins bought, granted, spent and refunded, conversations opened and answered, one document per day,
 * folded by domain/audit/figures.ts from the events' own times. Rebuilt with `make rebuild`.
 */
export const figuresProjection: Projection = {
  name: 'audit-figures',
  // 2: coins granted by admins (CoinsGranted) are counted.
  version: 2,
  collections: [
    { name: AUDIT_FIGURES_DAYS, indexes: [{ fields: ['day'] }] },
    { name: AUDIT_FIGURES_CREATORS },
    { name: AUDIT_FIGURES_THREADS },
  ],
  eventTypes: FIGURES_EVENT_TYPES,
  apply: async (recorded, tx) => {
    const event = recorded as FiguresEvent;
    const lookup = figuresLookup(event);
    const step = figuresStep(event, {
      creator: lookup.creator
        ? await tx.get<FiguresCreator>(AUDIT_FIGURES_CREATORS, lookup.creator)
        : undefined,
      thread: lookup.thread
        ? await tx.get<FiguresThread>(AUDIT_FIGURES_THREADS, lookup.thread)
        : undefined,
    });
    await change(tx, step.change);
    await change(tx, figuresSpend(event));
    if (step.creator)
      await tx.put<FiguresCreator>(AUDIT_FIGURES_CREATORS, step.creator.id, step.creator);
    if (step.thread)
      await tx.put<FiguresThread>(AUDIT_FIGURES_THREADS, step.thread.id, step.thread);
    if (step.thread === null && lookup.thread)
      await tx.delete(AUDIT_FIGURES_THREADS, lookup.thread);
  },
};
