import type { BoundedContext } from '../platform/context.ts';
import { chatRealtime } from './chat.ts';
import { messagingEndpoints } from './endpoints.ts';
import { messagingHandlers } from './handlers.ts';
import { messagingProjection } from './projection.ts';
import { fetchTransport, pushNotifier, vapidKeysOf, type PushTransport } from './push.ts';
import { unreadMail } from './unread-mail.ts';
import { savedSearchAlerts } from './saved-search-alerts.ts';
import { unsubscribeTokens } from './saved-search-mail.ts';
import {
  savedSearchEndpoints,
  savedSearchHandlers,
  unsubscribeHandler,
  UNSUBSCRIBE_PATH,
} from './saved-searches.ts';
import { savedSearchesProjection } from './saved-searches-projection.ts';

export type MessagingOptions = Readonly<{
  /** How pushes reach the push services (tests send them to a local endpoint). */
  pushTransport?: PushTransport;
  /** How often gateway nodes say they are alive (tests shorten it). */
  presenceBeatMs?: number;
  /** At most one delivery receipt per conversation side within this many ms (receipts.ts). */
  receiptWindowMs?: number;
  /** How long after its window a receipt waits for the receiver's reply to carry it. */
  receiptCarryMs?: number;
}>;

/**
 * Messaging: the chat between a payer and a creator over `conversation-{pairId}` streams (opened
 * by the collections' process from the wallet's events), its history API, the real-time chat on
 * the gateway (with delivery and read receipts and presence across nodes through the bus), Web
 * Push to receivers who are not connected, and an e-mail when messages stay unread. Also a
 * brand's saved directory searches with their alerts (issue 24, item 4): they live here because
 * their alerts are this context's notices (Web Push, mail); the directory is followed through
 * its events only.
 */
export const messagingContextWith = (options: MessagingOptions = {}): BoundedContext => ({
  name: 'messaging',
  projections: [messagingProjection, savedSearchesProjection],
  security: new URL('./security.ts', import.meta.url),
  create: ({
    config,
    commands,
    readStore,
    progress,
    clock,
    bus,
    mailer,
    logger,
    publicUrl,
    secrets,
  }) => {
    const log = logger.child({ component: 'messaging' });
    const handlers = messagingHandlers({
      commands,
      readStore,
      progress,
      pushServiceHosts: config.messaging.push.serviceHosts,
    });
    const keys = vapidKeysOf(config);
    const push = pushNotifier({
      handlers,
      keys,
      subject: config.messaging.push.subject,
      transport: options.pushTransport ?? fetchTransport,
      logger: log,
      clock,
    });
    const savedSearches = savedSearchHandlers({
      commands,
      readStore,
      progress,
      messaging: handlers,
    });
    const tokens = unsubscribeTokens(secrets.jwtSecret);
    return {
      endpoints: [
        ...messagingEndpoints({
          messaging: handlers,
          progress,
          clock,
          vapidPublicKey: keys.publicKey,
        }),
        ...savedSearchEndpoints({ savedSearches, clock }),
      ],
      pages: [
        {
          path: UNSUBSCRIBE_PATH,
          handler: unsubscribeHandler({
            tokens,
            savedSearches,
            clock,
            logger: log,
            appUrl: () => `${publicUrl()}/saved-searches`,
          }),
        },
      ],
      processes: [
        savedSearchAlerts({
          commands,
          handlers,
          push,
          mailer,
          tokens,
          logger: log,
          tickMs: config.processes.tickMs,
          digestHour: config.messaging.savedSearchDigestHour,
          publicUrl,
        }),
        unreadMail({
          commands,
          handlers,
          mailer,
          logger: log,
          afterMs: config.messaging.emailAfterMs,
          tickMs: config.processes.tickMs,
          chatUrl: (receiverId) => `${publicUrl()}/MessagingApp/${receiverId}`,
        }),
      ],
      realtime: chatRealtime({
        handlers,
        bus,
        clock,
        logger: log,
        push,
        messagesPerMinute: config.messaging.messagesPerMinute,
        ...(options.presenceBeatMs ? { presenceBeatMs: options.presenceBeatMs } : {}),
        ...(options.receiptWindowMs !== undefined
          ? { receiptWindowMs: options.receiptWindowMs }
          : {}),
        ...(options.receiptCarryMs !== undefined ? { receiptCarryMs: options.receiptCarryMs } : {}),
      }),
    };
  },
});

export const messagingContext: BoundedContext = messagingContextWith();
