import type { InvariantsReport } from '@linkcoin/domain/audit/contracts.ts';
import { ledgerAudit } from '@linkcoin/domain/audit/invariants.ts';
import type { EventStore } from '@linkcoin/infra/eventstore/port.ts';

export const LOG_PAGE = 1000;

/**
 * Checks the ledger invariants (`domain/audit/invariants.ts`) over the whole log, read page by
 * page up to the head it finds when it starts: what is appended meanwhile waits for the next
 * check. Reads only; the report says how far it read.
 */
export const checkLedgerInvariants = async (
  eventStore: EventStore,
  now: () => Date,
): Promise<InvariantsReport> => {
  const head = await eventStore.headPosition();
  const audit = ledgerAudit();
  for (let after: number | null = null; head !== null;) {
    const page = await eventStore.readAll({ after, maxCount: LOG_PAGE });
    for (const event of page.events) {
      if (event.position > head) return audit.report(now());
      audit.observe(event);
    }
    if (page.isEnd) break;
    after = page.lastPosition;
  }
  return audit.report(now());
};
