import type { Logger } from 'pino';
import { sessionsEndedBy, type AccountEvent } from '@linkcoin/domain/accounts/account.ts';
import type { Bus, BusSubscription } from '@linkcoin/infra/bus/port.ts';
import { topicForCategory, type ForwardedEvent } from '../platform/forwarder/forwarder.ts';
import type { RealtimePart } from '../platform/gateway/realtime.ts';

/** The account streams' events, as the forwarder publishes them. */
export const ACCOUNT_TOPIC = topicForCategory('account');

/**
 * Sessions end at once on every gateway node: each node reads the account events from the bus
 * (its own consumer group) and, when one ends sessions (logout, password reset, a revoked role:
 * `sessionsEndedBy`), closes that user's sockets opened under an older token version with 4401.
 * It keys off the account's token version only, not off how a browser keeps its tokens. A frame
 * sent before the event arrives is refused anyway: the gateway checks the session per frame.
 */
export const sessionsRealtime = (deps: { bus: Bus; logger: Logger }): RealtimePart => {
  let subscription: BusSubscription | null = null;
  return {
    events: {},
    start: async (node) => {
      subscription = await deps.bus.subscribe({
        groupId: `gateway-${node.nodeId}-sessions`,
        topics: [ACCOUNT_TOPIC],
        handler: async (message) => {
          const ended = sessionsEndedBy(message.value as ForwardedEvent as AccountEvent);
          if (!ended) return;
          const closed = node.endSessions(ended.userId, ended.tokenVersion);
          if (closed > 0) deps.logger.info({ closed }, 'sockets of an ended session closed');
        },
      });
    },
    stop: async () => {
      await subscription?.stop();
    },
  };
};
