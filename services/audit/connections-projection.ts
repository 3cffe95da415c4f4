import type { ConnectionRow, ConnectionState } from '@linkcoin/domain/audit/contracts.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type {
  CoinRefunded,
  ConnectionOpened,
  ConnectionRemoved,
  ConnectionRenewed,
} from '@linkcoin/domain/wallet/wallet.ts';
import type { FieldCondition } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

export const AUDIT_CONNECTIONS = 'audit_connections';

type ConnectionEvent = ConnectionOpened | ConnectionRenewed | ConnectionRemoved | CoinRefunded;

/**
 * The console's connections: one row per connection a payer opened (a creator added to their
 * list for 1 coin), from the wallet's events: renewals, removal and the 48-hour refund.
 */
export const connectionsProjection: Projection = {
  name: 'audit-connections',
  version: 1,
  collections: [
    {
      name: AUDIT_CONNECTIONS,
      indexes: [
        { fields: ['addedAt'] },
        { fields: ['expiresAt'] },
        { fields: ['payerId', 'addedAt'] },
        { fields: ['creatorId', 'addedAt'] },
      ],
    },
  ],
  eventTypes: ['ConnectionOpened', 'ConnectionRenewed', 'ConnectionRemoved', 'CoinRefunded'],
  apply: async (recorded, tx) => {
    const event = recorded as RecordedEvent<ConnectionEvent>;
    const at = recorded.metadata.timestamp;
    if (event.type === 'ConnectionOpened') {
      const { data } = event;
      await tx.put<ConnectionRow>(AUDIT_CONNECTIONS, data.connectionId, {
        id: data.connectionId,
        payerId: data.userId,
        creatorId: data.targetUserId,
        addedAt: data.addedAt,
        expiresAt: data.expiresAt,
        renewals: 0,
        coinsSpent: data.cost,
        removedAt: null,
        refunded: false,
        refundedAt: null,
        updatedAt: at,
      });
      return;
    }
    const row = await tx.get<ConnectionRow>(AUDIT_CONNECTIONS, event.data.connectionId);
    if (!row) return;
    switch (event.type) {
      case 'ConnectionRenewed':
        await tx.put<ConnectionRow>(AUDIT_CONNECTIONS, row.id, {
          ...row,
          expiresAt: event.data.expiresAt,
          renewals: row.renewals + 1,
          coinsSpent: row.coinsSpent + event.data.cost,
          updatedAt: at,
        });
        break;
      case 'ConnectionRemoved':
        await tx.put<ConnectionRow>(AUDIT_CONNECTIONS, row.id, {
          ...row,
          removedAt: event.data.at,
          updatedAt: at,
        });
        break;
      case 'CoinRefunded':
        await tx.put<ConnectionRow>(AUDIT_CONNECTIONS, row.id, {
          ...row,
          refunded: true,
          refundedAt: event.data.at,
          updatedAt: at,
        });
        break;
    }
  },
};

/** A connection's state at `now`: removed by the payer, past its expiry, or open. */
export const connectionStateOf = (row: ConnectionRow, now: Date): ConnectionState =>
  row.removedAt !== null
    ? 'removed'
    : Date.parse(row.expiresAt) <= now.getTime()
      ? 'expired'
      : 'open';

/** The read-store conditions of a state at `now` (agrees with `connectionStateOf`). */
export const whereState = (
  state: ConnectionState,
  now: Date,
): Readonly<Record<string, FieldCondition>> => {
  const instant = now.toISOString();
  switch (state) {
    case 'removed':
      return { removedAt: { $exists: true } };
    case 'expired':
      return { removedAt: null, expiresAt: { $lte: instant } };
    case 'open':
      return { removedAt: null, expiresAt: { $gt: instant } };
  }
};
