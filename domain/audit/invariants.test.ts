import { describe, expect, it } from 'vitest';
import type { Event, EventMetadata, RecordedEvent } from '../shared/messages.ts';
import { CREDIT_GRACE_MS, ledgerAudit } from './invariants.ts';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A log built in order: each event gets the next position and its stream's next revision. */
const log = () => {
  const events: RecordedEvent[] = [];
  const revisions = new Map<string, number>();
  const add = (streamId: string, type: string, data: object, atMs: number) => {
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    const metadata: EventMetadata = {
      actorUserId: null,
      correlationId: `c-${events.length}`,
      causationId: null,
      schemaVersion: 1,
      timestamp: iso(atMs),
    };
    const event = {
      type,
      data: { ...data, at: iso(atMs) },
      id: `e-${events.length + 1}`,
      streamId,
      revision,
      position: events.length + 1,
      metadata,
    } as RecordedEvent<Event>;
    events.push(event);
    return event;
  };
  return { events, add };
};

const purchase = (
  l: ReturnType<typeof log>,
  user: string,
  paymentId: string,
  balanceAfter: number,
  atMs: number,
  { approve = true, coins = 25, bonusCoins = 5 } = {},
) => {
  l.add(
    `payment-${paymentId}`,
    'PaymentStarted',
    { paymentId, userId: user, coins: 25, bonusCoins: 5, rupees: 125 },
    atMs,
  );
  if (approve) {
    l.add(
      `payment-${paymentId}`,
      'PaymentApproved',
      { paymentId, userId: user, amountPaise: 12_500 },
      atMs + 1000,
    );
  }
  return l.add(
    `wallet-${user}`,
    'CoinsPurchased',
    { userId: user, paymentId, packageId: 'growth', coins, bonusCoins, rupees: 125, balanceAfter },
    atMs + 2000,
  );
};

const open = (
  l: ReturnType<typeof log>,
  payer: string,
  creator: string,
  connectionId: string,
  balanceAfter: number,
  atMs: number,
) =>
  l.add(
    `wallet-${payer}`,
    'ConnectionOpened',
    {
      userId: payer,
      connectionId,
      targetUserId: creator,
      addedAt: iso(atMs),
      expiresAt: iso(atMs + 7 * 24 * HOUR),
      cost: 1,
      balanceAfter,
    },
    atMs,
  );

/** Renewed for 1 coin, from day 7 to day 14 after T0. */
const renew = (
  l: ReturnType<typeof log>,
  payer: string,
  creator: string,
  connectionId: string,
  balanceAfter: number,
  atMs: number,
) =>
  l.add(
    `wallet-${payer}`,
    'ConnectionRenewed',
    {
      userId: payer,
      connectionId,
      targetUserId: creator,
      previousExpiresAt: iso(T0 + 7 * 24 * HOUR),
      expiresAt: iso(T0 + 14 * 24 * HOUR),
      cost: 1,
      balanceAfter,
    },
    atMs,
  );

const message = (
  l: ReturnType<typeof log>,
  connectionId: string,
  senderId: string,
  receiverId: string,
  atMs: number,
) =>
  l.add(
    `conversation-${[senderId, receiverId].sort().join('_')}`,
    'MessageSent',
    { connectionId, senderId, receiverId, messageId: `m-${atMs}`, seq: 1, content: 'hi' },
    atMs,
  );

const refund = (
  l: ReturnType<typeof log>,
  payer: string,
  creator: string,
  connectionId: string,
  balanceAfter: number,
  atMs: number,
) =>
  l.add(
    `wallet-${payer}`,
    'CoinRefunded',
    {
      userId: payer,
      connectionId,
      targetUserId: creator,
      coins: 1,
      reason: 'no_reply_within_48_hours',
      balanceAfter,
    },
    atMs,
  );

const audit = (events: readonly RecordedEvent[], now = T0 + 30 * 24 * HOUR) => {
  const checker = ledgerAudit();
  for (const event of events) checker.observe(event);
  return checker.report(new Date(now));
};

const failing = (report: ReturnType<typeof audit>) =>
  Object.fromEntries(
    report.rules
      .filter((rule) => !rule.passed)
      .map((rule) => [rule.rule, rule.offences.map((offence) => offence.events.map((e) => e.id))]),
  );

/** A brand that buys, adds, renews, writes unanswered, is refunded; a grant to another user. */
const healthyLog = () => {
  const l = log();
  purchase(l, 'brand', 'pay-1', 30, T0);
  l.add(
    'wallet-other',
    'CoinsGranted',
    { userId: 'other', grantId: 'g-1', coins: 5, by: 'admin', reason: 'Welcome', balanceAfter: 5 },
    T0,
  );
  open(l, 'brand', 'creator', 'conn-1', 29, T0 + HOUR);
  renew(l, 'brand', 'creator', 'conn-1', 28, T0 + 2 * HOUR);
  message(l, 'conn-1', 'brand', 'creator', T0 + 3 * HOUR);
  const refunded = refund(l, 'brand', 'creator', 'conn-1', 29, T0 + 51 * HOUR);
  return { l, refunded };
};

describe('the ledger invariants', () => {
  it('pass on a log where coins were bought, granted, spent, renewed and refunded as they should', () => {
    const { l } = healthyLog();
    const report = audit(l.events);
    expect(failing(report)).toEqual({});
    expect(report.passed).toBe(true);
    expect(report.totals).toEqual({
      purchased: 30,
      granted: 5,
      refunded: 1,
      spent: 2,
      balances: 34,
    });
    expect(report.wallets).toBe(2);
    expect(report.eventsRead).toBe(l.events.length);
  });

  it('report an event whose balance after is not the replayed balance, and the sum that breaks', () => {
    const { l } = healthyLog();
    const bad = l.add(
      'wallet-brand',
      'CoinsGranted',
      { userId: 'brand', grantId: 'g-2', coins: 1, by: 'admin', reason: 'Oops', balanceAfter: 100 },
      T0 + 60 * HOUR,
    );
    const report = audit(l.events);
    expect(report.passed).toBe(false);
    expect(failing(report)).toEqual({
      balance_after_replays: [[bad.id]],
      coins_add_up: [[bad.id]],
    });
    expect(report.rules.find((r) => r.rule === 'balance_after_replays')!.offences[0]).toMatchObject(
      {
        userId: 'brand',
        message: 'CoinsGranted records a balance of 100; the stream replays to 30',
      },
    );
  });

  it('report a balance that went negative', () => {
    const l = log();
    const spend = open(l, 'brand', 'creator', 'conn-1', -1, T0);
    expect(failing(audit(l.events))).toEqual({ never_negative: [[spend.id]] });
  });

  it('report a credit without an approval, and an approval never credited past the grace period', () => {
    const l = log();
    const unapproved = purchase(l, 'brand', 'pay-1', 30, T0, { approve: false });
    l.add('payment-pay-2', 'PaymentStarted', { paymentId: 'pay-2', userId: 'brand' }, T0);
    const approval = l.add(
      'payment-pay-2',
      'PaymentApproved',
      { paymentId: 'pay-2', userId: 'brand', amountPaise: 12_500 },
      T0 + 1000,
    );
    expect(failing(audit(l.events))).toEqual({
      credits_have_approvals: [[unapproved.id, l.events[0]!.id]],
      approved_payments_credited_once: [[approval.id]],
    });
    // Just approved: the credits process may still be on its way.
    const young = audit(l.events, T0 + 1000 + CREDIT_GRACE_MS - 1);
    expect(young.creditsPending).toBe(1);
    expect(failing(young)).toEqual({ credits_have_approvals: [[unapproved.id, l.events[0]!.id]] });
  });

  it('report a payment credited twice, to someone else, or with other coins than it sold', () => {
    const l = log();
    const first = purchase(l, 'brand', 'pay-1', 30, T0);
    const twice = l.add(
      'wallet-brand',
      'CoinsPurchased',
      {
        userId: 'brand',
        paymentId: 'pay-1',
        packageId: 'growth',
        coins: 25,
        bonusCoins: 5,
        rupees: 125,
        balanceAfter: 60,
      },
      T0 + HOUR,
    );
    const other = purchase(l, 'brand', 'pay-2', 90, T0 + 2 * HOUR, { coins: 26 });
    const offences = audit(l.events).rules.find(
      (rule) => rule.rule === 'approved_payments_credited_once',
    )!.offences;
    expect(offences.map((offence) => offence.message)).toEqual([
      'Payment pay-1 was credited 2 times',
      'Payment pay-2 sold 30 coins but credited 31',
    ]);
    expect(offences[0]!.events.map((e) => e.id)).toEqual([l.events[1]!.id, first.id, twice.id]);
    expect(offences[1]!.events.map((e) => e.id)).toContain(other.id);
  });

  it('report refunds of connections that did not qualify, twice, or that the wallet never opened', () => {
    const l = log();
    purchase(l, 'brand', 'pay-1', 30, T0);
    // Answered in time: no refund was due.
    open(l, 'brand', 'creator', 'conn-1', 29, T0 + HOUR);
    message(l, 'conn-1', 'brand', 'creator', T0 + 2 * HOUR);
    message(l, 'conn-1', 'creator', 'brand', T0 + 30 * HOUR);
    const answered = refund(l, 'brand', 'creator', 'conn-1', 30, T0 + 51 * HOUR);
    // Unanswered, but refunded twice.
    open(l, 'brand', 'creator-2', 'conn-2', 29, T0 + HOUR);
    message(l, 'conn-2', 'brand', 'creator-2', T0 + 2 * HOUR);
    const once = refund(l, 'brand', 'creator-2', 'conn-2', 30, T0 + 51 * HOUR);
    const again = refund(l, 'brand', 'creator-2', 'conn-2', 31, T0 + 52 * HOUR);
    // Removed by the payer before the deadline: the guarantee was void.
    const opened = open(l, 'brand', 'creator-3', 'conn-3', 30, T0 + HOUR);
    message(l, 'conn-3', 'brand', 'creator-3', T0 + 2 * HOUR);
    l.add(
      'wallet-brand',
      'ConnectionRemoved',
      { userId: 'brand', connectionId: 'conn-3', targetUserId: 'creator-3', balanceAfter: 30 },
      T0 + 10 * HOUR,
    );
    const removed = refund(l, 'brand', 'creator-3', 'conn-3', 31, T0 + 53 * HOUR);
    // A connection this wallet never opened.
    const foreign = refund(l, 'brand', 'creator-4', 'conn-elsewhere', 32, T0 + 54 * HOUR);

    const offences = audit(l.events).rules.find((rule) => rule.rule === 'refunds_qualified')!;
    expect(offences.offences.map((offence) => offence.events[0]!.id).sort()).toEqual(
      [answered.id, once.id, removed.id, foreign.id].sort(),
    );
    expect(
      offences.offences.find((o) => o.events[0]!.id === once.id)!.events.map((e) => e.id),
    ).toEqual([once.id, again.id]);
    expect(offences.offences.find((o) => o.events[0]!.id === removed.id)!.events[1]!.id).toBe(
      opened.id,
    );
  });

  it('pass a connection cancelled with every coin back when its conversation refused it, and report one that was not', () => {
    const cancelled = (
      l: ReturnType<typeof log>,
      connectionId: string,
      coins: number,
      balanceAfter: number,
      atMs: number,
    ) => {
      l.add(
        'wallet-brand',
        'ConnectionRemoved',
        {
          userId: 'brand',
          connectionId,
          targetUserId: 'creator',
          balanceAfter: balanceAfter - coins,
        },
        atMs,
      );
      return l.add(
        'wallet-brand',
        'CoinRefunded',
        {
          userId: 'brand',
          connectionId,
          targetUserId: 'creator',
          coins,
          reason: 'already_connected',
          balanceAfter,
        },
        atMs,
      );
    };
    const refusal = (l: ReturnType<typeof log>, connectionId: string, atMs: number) =>
      l.add(
        'conversation-brand_creator',
        'ConversationOpenRefused',
        {
          pairId: 'brand_creator',
          payerId: 'brand',
          creatorId: 'creator',
          connectionId,
          reason: 'already_connected',
          heldBy: 'conn-theirs',
        },
        atMs,
      );
    const l = log();
    purchase(l, 'brand', 'pay-1', 30, T0);
    // Refused, renewed meanwhile, cancelled with both coins back: fine.
    open(l, 'brand', 'creator', 'conn-1', 29, T0 + HOUR);
    renew(l, 'brand', 'creator', 'conn-1', 28, T0 + HOUR);
    refusal(l, 'conn-1', T0 + HOUR);
    cancelled(l, 'conn-1', 2, 30, T0 + HOUR);
    expect(failing(audit(l.events))).toEqual({});
    // Refunded as already connected though the conversation never refused it.
    const opened2 = open(l, 'brand', 'creator', 'conn-2', 29, T0 + 2 * HOUR);
    const unrefused = cancelled(l, 'conn-2', 1, 30, T0 + 2 * HOUR);
    // Refused, but more came back than it cost.
    const opened3 = open(l, 'brand', 'creator', 'conn-3', 29, T0 + 3 * HOUR);
    refusal(l, 'conn-3', T0 + 3 * HOUR);
    const tooMuch = cancelled(l, 'conn-3', 2, 31, T0 + 3 * HOUR);
    expect(failing(audit(l.events))).toEqual({
      refunds_qualified: [
        [unrefused.id, opened2.id],
        [tooMuch.id, opened3.id],
      ],
    });
  });

  it('reports the same thing when asked twice', () => {
    const l = log();
    purchase(l, 'brand', 'pay-1', 30, T0, { approve: false });
    const checker = ledgerAudit();
    for (const event of l.events) checker.observe(event);
    const now = new Date(T0 + HOUR);
    expect(checker.report(now)).toEqual(checker.report(now));
  });
});
