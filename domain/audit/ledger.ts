/**
 * A user's coin ledger as auditors read it: every event of the `wallet-{userId}` stream, in
 * order, with the ledger line the wallet history shows (`domain/wallet/ledger.ts`, the one rule
 * for a line) and what only the stream knows: the event's place, who sent it and what caused it.
 */
import type { RecordedEvent } from '../shared/messages.ts';
import { ledgerLine, WALLET_EVENT_TYPES } from '../wallet/ledger.ts';
import type { WalletEvent } from '../wallet/wallet.ts';
import type { LedgerLine } from './contracts.ts';

const WALLET_TYPES: ReadonlySet<string> = new Set(WALLET_EVENT_TYPES);

export const isWalletEvent = (event: RecordedEvent): event is RecordedEvent<WalletEvent> =>
  WALLET_TYPES.has(event.type);

export const auditLedgerLine = (recorded: RecordedEvent<WalletEvent>): LedgerLine => {
  const data = recorded.data;
  return {
    ...ledgerLine(recorded),
    type: recorded.type,
    revision: recorded.revision,
    position: recorded.position,
    actorUserId: recorded.metadata.actorUserId,
    causationId: recorded.metadata.causationId,
    connectionId: 'connectionId' in data ? data.connectionId : null,
    expiresAt:
      recorded.type === 'ConnectionOpened' || recorded.type === 'ConnectionRenewed'
        ? recorded.data.expiresAt
        : null,
    recordedAt: recorded.metadata.timestamp,
  };
};

/** The ledger's columns, in the order of its CSV export. */
export const LEDGER_COLUMNS = [
  ['revision', 'Revision'],
  ['at', 'Time'],
  ['kind', 'Kind'],
  ['type', 'Event'],
  ['coins', 'Coins'],
  ['balanceAfter', 'Balance after'],
  ['actorUserId', 'Actor'],
  ['by', 'Granted by'],
  ['reason', 'Reason'],
  ['paymentId', 'Payment'],
  ['packageId', 'Package'],
  ['bonusCoins', 'Free coins'],
  ['targetUserId', 'Creator'],
  ['connectionId', 'Connection'],
  ['expiresAt', 'Expires'],
  ['correlationId', 'Correlation id'],
  ['causationId', 'Causation id'],
  ['id', 'Event id'],
  ['position', 'Log position'],
] as const satisfies readonly (readonly [keyof LedgerLine, string])[];
