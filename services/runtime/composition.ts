import type { Projection } from '@linkcoin/infra/readstore/projections.ts';
import { accountsContext } from '../accounts/context.ts';
import { profilesContext } from '../profiles/context.ts';
import { uploadsContext } from '../uploads/context.ts';
import { verificationContext } from '../verification/context.ts';
import { walletContext } from '../wallet/context.ts';
import { paymentsContext } from '../payments/context.ts';
import { collectionsContext } from '../collections/context.ts';
import { messagingContext } from '../messaging/context.ts';
import { auditContext } from '../audit/context.ts';
import { directoryContext } from '../directory/context.ts';
import { demoContext } from '../demo/context.ts';
import { insightsContext } from '../insights/context.ts';
import type { BoundedContext, RetiredReadModel } from '../platform/context.ts';

/**
 * The product, as the list of its contexts. The API registry, the projector's read models, the
 * process managers and `make rebuild` all come from this list: a new context is one folder
 * under `services/` and one line here.
 */
export const CONTEXTS: readonly BoundedContext[] = [
  accountsContext,
  profilesContext,
  verificationContext,
  uploadsContext,
  walletContext,
  paymentsContext,
  collectionsContext,
  messagingContext,
  auditContext,
  directoryContext,
  insightsContext,
  demoContext,
];

/** Every business read model: the projector runs them, `make rebuild` replays them, `/readyz` reports them. */
export const projectionsOf = (contexts: readonly BoundedContext[]): readonly Projection[] =>
  contexts.flatMap((context) => context.projections);

export const PROJECTIONS: readonly Projection[] = projectionsOf(CONTEXTS);

/** Read models the contexts no longer keep: dropped once, by an event (retirement.ts). */
export const retiredOf = (contexts: readonly BoundedContext[]): readonly RetiredReadModel[] =>
  contexts.flatMap((context) => context.retired ?? []);

export const RETIRED: readonly RetiredReadModel[] = retiredOf(CONTEXTS);
