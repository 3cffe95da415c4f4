import type { Logger } from 'pino';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import { WALLET_EVENT_TYPES } from '@linkcoin/domain/wallet/ledger.ts';
import type { WalletEvent } from '@linkcoin/domain/wallet/wallet.ts';
import type { Bus, BusSubscription } from '@linkcoin/infra/bus/port.ts';
import { topicForCategory, type ForwardedEvent } from '../platform/forwarder/forwarder.ts';
import type { RealtimeNode, RealtimePart } from '../platform/gateway/realtime.ts';

/** The wallet streams' events, as the forwarder publishes them. */
export const WALLET_TOPIC = topicForCategory('wallet');

/** What the server pushes on /ws when a balance changes: `{ linkCoins }`. */
export const WALLET_BALANCE_EVENT = 'wallet_balance';

const BALANCE_EVENTS: ReadonlySet<string> = new Set(WALLET_EVENT_TYPES);

/**
 * The top bar's balance, live: every gateway node reads the wallet events (its own consumer
 * group) and pushes the balance after each one (a purchase, a grant, a spend, a refund) to the
 * sockets of that wallet's owner on this node. The client takes the newest revision it saw.
 */
export const liveBalance = (deps: { bus: Bus; logger: Logger }): RealtimePart => {
  let node: RealtimeNode | null = null;
  let subscription: BusSubscription | null = null;
  return {
    events: {},
    start: async (gatewayNode) => {
      node = gatewayNode;
      subscription = await deps.bus.subscribe({
        groupId: `gateway-wallet-${gatewayNode.nodeId}`,
        topics: [WALLET_TOPIC],
        handler: async (message) => {
          const event = message.value as ForwardedEvent as RecordedEvent<WalletEvent>;
          if (!BALANCE_EVENTS.has(event.type)) return;
          const userId = event.streamId.slice('wallet-'.length);
          node?.emitTo(userId, WALLET_BALANCE_EVENT, {
            linkCoins: event.data.balanceAfter,
            revision: event.revision,
          });
        },
      });
      deps.logger.debug('live balances started');
    },
    stop: async () => {
      await subscription?.stop();
    },
  };
};
