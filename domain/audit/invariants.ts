/**
 * The ledger invariants over the whole log (docs/design.md section 6): what must hold of every coin
 * whatever happened, checked by reading every wallet, payment and conversation event once, in
 * log order:
 *
 * - coins add up: purchased + granted + refunded − spent equals the sum of the balances;
 * - no balance is ever negative;
 * - each event's `balanceAfter` is the balance its stream replays to;
 * - every approved payment is credited exactly once, to its buyer, with the coins it was sold
 *   with (an approval younger than the grace period may still be on its way);
 * - nothing is credited without an approved payment;
 * - every refund is for a connection of that wallet that qualified, once: the payer wrote, the
 *   creator did not answer within 48 hours, and the payer had not removed the connection before
 *   the deadline (1 coin); or its conversation refused it because the other user had connected
 *   the two first (every coin the connection cost).
 *
 * Pure: the caller feeds the events and says when "now" is.
 */
import type { ConversationOpenRefused, MessageSent } from '../messaging/conversation.ts';
import { replyGuaranteeBroken } from '../messaging/conversation.ts';
import type { PaymentApproved, PaymentEvent, PaymentStarted } from '../payments/payment.ts';
import type { RecordedEvent } from '../shared/messages.ts';
import { coinDelta, type WalletEvent } from '../wallet/wallet.ts';
import type {
  InvariantResult,
  InvariantRule,
  InvariantsReport,
  Offence,
  OffendingEvent,
} from './contracts.ts';
import { isWalletEvent } from './ledger.ts';

/** How long the credits process may take before an approved, uncredited payment offends. */
export const CREDIT_GRACE_MS = 5 * 60 * 1000;
/** Offences listed in detail per rule (every one is counted). */
export const MAX_OFFENCES_SHOWN = 100;

export const INVARIANT_TITLES: Readonly<Record<InvariantRule, string>> = {
  coins_add_up: 'Purchased + granted + refunded − spent equals the sum of the balances',
  never_negative: 'No balance is ever negative',
  balance_after_replays: "Each event's balance after equals the replayed balance",
  approved_payments_credited_once: 'Every approved payment is credited exactly once',
  credits_have_approvals: 'Nothing is credited without an approved payment',
  refunds_qualified: 'Every refund is for a connection that qualified, once',
};

const PAYMENT_TYPES: ReadonlySet<string> = new Set<PaymentEvent['type']>([
  'PaymentStarted',
  'PaymentApproved',
  'PaymentFailed',
  'PaymentExpired',
]);

const offending = (event: RecordedEvent): OffendingEvent => ({
  id: event.id,
  type: event.type,
  streamId: event.streamId,
  revision: event.revision,
  position: event.position,
  at: event.metadata.timestamp,
});

type WalletTrack = { userId: string; replayed: number; recorded: number; last: RecordedEvent };
type PaymentTrack = {
  started: RecordedEvent<PaymentStarted> | null;
  approved: RecordedEvent<PaymentApproved> | null;
  credits: RecordedEvent<Extract<WalletEvent, { type: 'CoinsPurchased' }>>[];
};
type ConnectionTrack = {
  payerId: string;
  creatorId: string;
  opened: RecordedEvent;
  removedAt: string | null;
  /** Coins the opening and the renewals cost. */
  paid: number;
  refunds: RecordedEvent<Extract<WalletEvent, { type: 'CoinRefunded' }>>[];
};

const userOfStream = (streamId: string): string =>
  streamId.startsWith('wallet-') ? streamId.slice('wallet-'.length) : streamId;

export type LedgerAudit = Readonly<{
  /** Feed every event of the log, in log order (others are ignored). */
  observe: (event: RecordedEvent) => void;
  report: (now: Date) => InvariantsReport;
}>;

export const ledgerAudit = (): LedgerAudit => {
  const wallets = new Map<string, WalletTrack>();
  const payments = new Map<string, PaymentTrack>();
  const connections = new Map<string, ConnectionTrack>();
  /** The first message of each sender in each connection. */
  const firstMessages = new Map<string, Map<string, string>>();
  const orphanRefunds: RecordedEvent[] = [];
  /** Connections their conversation refused (the other user had connected the two first). */
  const refused = new Set<string>();
  const found = new Map<InvariantRule, Offence[]>();
  const totals = { purchased: 0, granted: 0, refunded: 0, spent: 0 };
  let eventsRead = 0;
  let position: number | null = null;

  type Found = Map<InvariantRule, Offence[]>;
  const offendIn =
    (into: Found) =>
    (rule: InvariantRule, message: string, userId: string | null, events: RecordedEvent[]) => {
      const list = into.get(rule) ?? [];
      list.push({ rule, message, userId, events: events.map(offending) });
      into.set(rule, list);
    };
  /** Offences found while reading; the end-of-log checks add theirs to a copy at each report. */
  const offend = offendIn(found);

  const paymentTrack = (paymentId: string): PaymentTrack => {
    let track = payments.get(paymentId);
    if (!track) payments.set(paymentId, (track = { started: null, approved: null, credits: [] }));
    return track;
  };

  const observeWallet = (event: RecordedEvent<WalletEvent>) => {
    const userId = event.data.userId || userOfStream(event.streamId);
    const track = wallets.get(event.streamId) ?? {
      userId,
      replayed: 0,
      recorded: 0,
      last: event,
    };
    const delta = coinDelta(event);
    const replayed = track.replayed + delta;
    const { balanceAfter } = event.data;
    if (balanceAfter !== replayed) {
      offend(
        'balance_after_replays',
        `${event.type} records a balance of ${balanceAfter}; the stream replays to ${replayed}`,
        userId,
        [event],
      );
    }
    if (balanceAfter < 0 || replayed < 0) {
      offend(
        'never_negative',
        `The balance went to ${Math.min(balanceAfter, replayed)} with ${event.type}`,
        userId,
        [event],
      );
    }
    wallets.set(event.streamId, { userId, replayed, recorded: balanceAfter, last: event });

    switch (event.type) {
      case 'CoinsPurchased':
        totals.purchased += delta;
        paymentTrack(event.data.paymentId).credits.push(event);
        break;
      case 'CoinsGranted':
        totals.granted += delta;
        break;
      case 'ConnectionOpened':
        totals.spent -= delta;
        connections.set(event.data.connectionId, {
          payerId: userId,
          creatorId: event.data.targetUserId,
          opened: event,
          removedAt: null,
          paid: -delta,
          refunds: [],
        });
        break;
      case 'ConnectionRenewed': {
        totals.spent -= delta;
        const connection = connections.get(event.data.connectionId);
        if (connection) connection.paid -= delta;
        break;
      }
      case 'ConnectionRemoved': {
        const connection = connections.get(event.data.connectionId);
        if (connection && connection.removedAt === null) connection.removedAt = event.data.at;
        break;
      }
      case 'CoinRefunded': {
        totals.refunded += delta;
        const connection = connections.get(event.data.connectionId);
        if (connection && connection.payerId === userId) connection.refunds.push(event);
        else orphanRefunds.push(event);
        break;
      }
    }
  };

  const observePayment = (event: RecordedEvent<PaymentEvent>) => {
    const track = paymentTrack(event.data.paymentId);
    if (event.type === 'PaymentStarted') track.started = event;
    if (event.type === 'PaymentApproved' && !track.approved) track.approved = event;
  };

  const observeMessage = (event: RecordedEvent<MessageSent>) => {
    const { connectionId, senderId, at } = event.data;
    let senders = firstMessages.get(connectionId);
    if (!senders) firstMessages.set(connectionId, (senders = new Map()));
    if (!senders.has(senderId)) senders.set(senderId, at);
  };

  const observe = (event: RecordedEvent) => {
    eventsRead += 1;
    position = event.position;
    if (isWalletEvent(event)) observeWallet(event);
    else if (PAYMENT_TYPES.has(event.type)) observePayment(event as RecordedEvent<PaymentEvent>);
    else if (event.type === 'MessageSent') observeMessage(event as RecordedEvent<MessageSent>);
    else if (event.type === 'ConversationOpenRefused') {
      refused.add((event as RecordedEvent<ConversationOpenRefused>).data.connectionId);
    }
  };

  const checkPayments = (now: Date, offend: ReturnType<typeof offendIn>): number => {
    let pending = 0;
    for (const [paymentId, track] of payments) {
      const { approved, started, credits } = track;
      if (!approved) {
        for (const credit of credits) {
          offend(
            'credits_have_approvals',
            `Payment ${paymentId} was credited without an approval`,
            credit.data.userId,
            [credit, ...(started ? [started] : [])],
          );
        }
        continue;
      }
      if (credits.length === 0) {
        if (now.getTime() - Date.parse(approved.metadata.timestamp) < CREDIT_GRACE_MS) {
          pending += 1;
        } else {
          offend(
            'approved_payments_credited_once',
            `Payment ${paymentId} was approved but never credited`,
            approved.data.userId,
            [approved],
          );
        }
        continue;
      }
      if (credits.length > 1) {
        offend(
          'approved_payments_credited_once',
          `Payment ${paymentId} was credited ${credits.length} times`,
          approved.data.userId,
          [approved, ...credits],
        );
      }
      for (const credit of credits) {
        const buyer = started?.data.userId ?? approved.data.userId;
        const sold = started
          ? started.data.coins + started.data.bonusCoins
          : credit.data.coins + credit.data.bonusCoins;
        const got = credit.data.coins + credit.data.bonusCoins;
        if (credit.data.userId !== buyer) {
          offend(
            'approved_payments_credited_once',
            `Payment ${paymentId} of ${buyer} was credited to ${credit.data.userId}`,
            credit.data.userId,
            [approved, credit],
          );
        } else if (got !== sold) {
          offend(
            'approved_payments_credited_once',
            `Payment ${paymentId} sold ${sold} coins but credited ${got}`,
            credit.data.userId,
            [approved, credit],
          );
        }
      }
    }
    return pending;
  };

  const checkRefunds = (offend: ReturnType<typeof offendIn>) => {
    for (const refund of orphanRefunds) {
      offend(
        'refunds_qualified',
        `A refund names a connection this wallet never opened`,
        userOfStream(refund.streamId),
        [refund],
      );
    }
    for (const [connectionId, connection] of connections) {
      const [first, ...again] = connection.refunds;
      if (!first) continue;
      if (again.length > 0) {
        offend(
          'refunds_qualified',
          `Connection ${connectionId} was refunded ${connection.refunds.length} times`,
          connection.payerId,
          connection.refunds,
        );
      }
      if (first.data.reason === 'already_connected') {
        if (!refused.has(connectionId) || first.data.coins !== connection.paid) {
          offend(
            'refunds_qualified',
            refused.has(connectionId)
              ? `Connection ${connectionId} cost ${connection.paid} coins but ${first.data.coins} came back when it was cancelled`
              : `Connection ${connectionId} was refunded as already connected, but its conversation never refused it`,
            connection.payerId,
            [first, connection.opened],
          );
        }
        continue;
      }
      const senders = firstMessages.get(connectionId);
      const qualified = replyGuaranteeBroken(
        {
          firstPayerMessageAt: senders?.get(connection.payerId) ?? null,
          firstCreatorMessageAt: senders?.get(connection.creatorId) ?? null,
          closedAt: connection.removedAt,
        },
        new Date(first.data.at),
      );
      if (!qualified) {
        offend(
          'refunds_qualified',
          `Connection ${connectionId} was refunded without qualifying (no unanswered payer message 48 hours before, or removed before the deadline)`,
          connection.payerId,
          [first, connection.opened],
        );
      }
    }
  };

  const report = (now: Date): InvariantsReport => {
    const all: Found = new Map([...found].map(([rule, list]) => [rule, [...list]]));
    const offend = offendIn(all);
    const creditsPending = checkPayments(now, offend);
    checkRefunds(offend);
    let balances = 0;
    for (const wallet of wallets.values()) balances += wallet.recorded;
    const expected = totals.purchased + totals.granted + totals.refunded - totals.spent;
    if (expected !== balances) {
      const drifting = [...wallets.values()].filter((w) => w.recorded !== w.replayed);
      offend(
        'coins_add_up',
        `Purchased ${totals.purchased} + granted ${totals.granted} + refunded ${totals.refunded} − spent ${totals.spent} = ${expected}, but the balances add up to ${balances}`,
        drifting.length === 1 ? drifting[0]!.userId : null,
        drifting.map((wallet) => wallet.last),
      );
    }
    const rules: InvariantResult[] = (Object.keys(INVARIANT_TITLES) as InvariantRule[]).map(
      (rule) => {
        const offences = all.get(rule) ?? [];
        return {
          rule,
          title: INVARIANT_TITLES[rule],
          passed: offences.length === 0,
          offenceCount: offences.length,
          offences: offences.slice(0, MAX_OFFENCES_SHOWN),
        };
      },
    );
    return {
      passed: rules.every((rule) => rule.passed),
      checkedAt: now.toISOString(),
      position,
      eventsRead,
      wallets: wallets.size,
      totals: { ...totals, balances },
      creditsPending,
      rules,
    };
  };

  return { observe, report };
};
