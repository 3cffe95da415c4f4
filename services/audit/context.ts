import type { BoundedContext } from '../platform/context.ts';
import { consoleEndpoints } from './console-endpoints.ts';
import { connectionsProjection } from './connections-projection.ts';
import { auditEndpoints } from './endpoints.ts';
import { figuresReader } from './figures.ts';
import { figuresEndpoints } from './figures-endpoints.ts';
import { figuresProjection } from './figures-projection.ts';
import { auditHistory } from './history.ts';
import { paymentsProjection } from './payments-projection.ts';
import { replayChecks } from './replay-check.ts';
import { usersProjection } from './users-projection.ts';

/**
 * Audit and the console's overviews (docs/design.md section 6, "Auditor"): auditors read every coin and
 * every verification from the event store itself (a user's ledger and verification history,
 * their state as of any instant), check that the read models replay from the log to what they
 * hold, and check the ledger invariants over the whole log. It changes nothing. Its read models
 * are the console's payments, connections and users with balances and verifications, and the
 * marketplace's figures day by day.
 */
export const auditContext: BoundedContext = {
  name: 'audit',
  projections: [paymentsProjection, connectionsProjection, usersProjection, figuresProjection],
  security: new URL('./security.ts', import.meta.url),
  create: ({ eventStore, readStore, readModels, clock, logger }) => {
    const log = logger.child({ component: 'audit' });
    return {
      endpoints: [
        ...auditEndpoints({
          history: auditHistory({ eventStore }),
          checks: replayChecks({
            eventStore,
            readStore,
            readModels,
            logger: log,
            now: () => clock.now(),
          }),
          eventStore,
          readStore,
          readModels,
          clock,
        }),
        ...consoleEndpoints({ readStore, clock }),
        ...figuresEndpoints({ figures: figuresReader({ readStore }), clock }),
      ],
      processes: [],
    };
  },
};
