import { describe, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { WALLET_MESSAGES as M } from './messages.ts';
import { COLLECTION_MESSAGES as CM } from '../collections/messages.ts';
import {
  connectionOf,
  listedConnectionId,
  walletDecider,
  type CoinsGranted,
  type CoinsPurchased,
  type CreditPurchase,
  type GrantCoins,
} from './wallet.ts';

const given = DeciderSpecification.for(walletDecider);
const at = '2026-01-15T10:00:00.000Z';

const credit = (paymentId: string, coins = 25, bonusCoins = 5, rupees = 125): CreditPurchase => ({
  type: 'CreditPurchase',
  data: { userId: 'brand-1', paymentId, packageId: 'growth', coins, bonusCoins, rupees },
  metadata: testMetadata(),
});
const purchased = (paymentId: string, balanceAfter: number): CoinsPurchased => ({
  type: 'CoinsPurchased',
  data: {
    userId: 'brand-1',
    paymentId,
    packageId: 'growth',
    coins: 25,
    bonusCoins: 5,
    rupees: 125,
    balanceAfter,
    at,
  },
});
const grant = (grantId: string, coins: number, reason = 'Launch week goodwill'): GrantCoins => ({
  type: 'GrantCoins',
  data: { userId: 'brand-1', grantId, coins, by: 'admin-1', reason },
  metadata: testMetadata({ actorUserId: 'admin-1' }),
});
const granted = (grantId: string, coins: number, balanceAfter: number): CoinsGranted => ({
  type: 'CoinsGranted',
  data: {
    userId: 'brand-1',
    grantId,
    coins,
    by: 'admin-1',
    reason: 'Launch week goodwill',
    balanceAfter,
    at,
  },
});

describe('a wallet', () => {
  describe('buying coins', () => {
    it('credits the coins and the free coins of an approved payment', () => {
      given([]).when(credit('pay-1')).then(purchased('pay-1', 30));
    });

    it('credits a payment exactly once, however often its confirmation arrives', () => {
      given([purchased('pay-1', 30)])
        .when(credit('pay-1'))
        .thenNothingHappens();
    });

    it('adds to what the wallet holds', () => {
      given([purchased('pay-1', 30), granted('g-1', 3, 33)])
        .when(credit('pay-2'))
        .then(purchased('pay-2', 63));
    });

    it('refuses a credit of no coins, fractional coins or no money', () => {
      given([]).when(credit('pay-1', 0)).thenRefused('validation', M.invalidQuantity);
      given([]).when(credit('pay-1', 2.5)).thenRefused('validation', M.invalidQuantity);
      given([])
        .when(credit('pay-1', 10, -1))
        .thenRefused('validation', M.invalidQuantity);
      given([])
        .when(credit('pay-1', 10, 0, 0))
        .thenRefused('validation', M.invalidAmount);
    });
  });

  describe('coins granted by an admin', () => {
    it('are credited with who granted them and why', () => {
      given([purchased('pay-1', 30)])
        .when(grant('g-1', 5))
        .then(granted('g-1', 5, 35));
    });

    it('are granted once per grant id', () => {
      given([granted('g-1', 5, 5)])
        .when(grant('g-1', 5))
        .thenNothingHappens();
    });

    it('need a reason', () => {
      given([])
        .when(grant('g-1', 5, '  '))
        .thenRefused('validation', M.grantReasonRequired);
      given([])
        .when(grant('g-1', 5, 'ok'))
        .thenRefused('validation', M.grantReasonRequired);
      given([])
        .when(grant('g-1', 5, 'x'.repeat(501)))
        .thenRefused('validation', M.grantReasonRequired);
    });

    it('are whole and bounded', () => {
      for (const coins of [0, -3, 1.5, 10_001]) {
        given([]).when(grant('g-1', coins)).thenRefused('validation', M.invalidGrant);
      }
    });
  });

  it('keeps the balance as the sum of what moved it', () => {
    given([purchased('pay-1', 30), granted('g-1', 5, 35)])
      .when(credit('pay-2'))
      .thenState((state) => {
        if (state.balance !== 65) throw new Error(`balance ${state.balance}`);
      });
  });
});

describe('connections paid in LinkCoins', () => {
  const day = 24 * 60 * 60 * 1000;
  const t0 = new Date('2026-01-15T10:00:00.000Z');
  const atDay = (days: number) => new Date(t0.getTime() + days * day);
  const meta = (days = 0) => testMetadata({ now: atDay(days) });
  const open = (connectionId = 'c-1', targetUserId = 'creator-1', targetIsCreator = true) => ({
    type: 'OpenConnection' as const,
    data: { userId: 'brand-1', connectionId, targetUserId, targetIsCreator },
    metadata: meta(),
  });
  const renew = (days: number, targetUserId = 'creator-1') => ({
    type: 'RenewConnection' as const,
    data: { userId: 'brand-1', targetUserId },
    metadata: meta(days),
  });
  const remove = (targetUserId = 'creator-1') => ({
    type: 'RemoveConnection' as const,
    data: { userId: 'brand-1', targetUserId },
    metadata: meta(1),
  });
  const refund = (connectionId = 'c-1') => ({
    type: 'RefundConnection' as const,
    data: { userId: 'brand-1', connectionId, reason: 'no_reply_within_48_hours' as const },
    metadata: meta(3),
  });
  const opened = (balanceAfter: number, connectionId = 'c-1', targetUserId = 'creator-1') => ({
    type: 'ConnectionOpened' as const,
    data: {
      userId: 'brand-1',
      connectionId,
      targetUserId,
      addedAt: t0.toISOString(),
      expiresAt: atDay(7).toISOString(),
      cost: 1,
      balanceAfter,
      at: t0.toISOString(),
    },
  });
  /** Renewed from day 7 to day 14, decided on `days`. */
  const renewed = (balanceAfter: number, days: number) => ({
    type: 'ConnectionRenewed' as const,
    data: {
      userId: 'brand-1',
      connectionId: 'c-1',
      targetUserId: 'creator-1',
      previousExpiresAt: atDay(7).toISOString(),
      expiresAt: atDay(14).toISOString(),
      cost: 1,
      balanceAfter,
      at: atDay(days).toISOString(),
    },
  });
  const funded = granted('g-1', 5, 5);

  it('adds a creator for 1 coin and 7 days', () => {
    given([funded]).when(open()).then(opened(4));
  });

  it('refuses to add with no coin, and charges nothing', () => {
    given([]).when(open()).thenRefused('validation', M.insufficientCoins);
  });

  it('never lets the balance go below zero', () => {
    const last = granted('g-1', 1, 1);
    given([last, opened(0)])
      .when(open('c-2', 'creator-2'))
      .thenRefused('validation', M.insufficientCoins);
  });

  it('refuses a creator already on the list, without a charge', () => {
    given([funded, opened(4)])
      .when(open('c-2'))
      .thenRefused('conflict', CM.alreadyInList);
  });

  it('charges one click once: the same connection id again is a no-op', () => {
    given([funded, opened(4)])
      .when(open('c-1'))
      .thenNothingHappens();
  });

  it('adds only creators, and nobody adds themselves', () => {
    given([funded])
      .when(open('c-1', 'brand-2', false))
      .thenRefused('validation', CM.onlyCreators);
    given([funded]).when(open('c-1', 'brand-1')).thenRefused('validation', CM.cannotAddYourself);
  });

  it('renews for 7 days from the current expiry while the chat is live', () => {
    given([funded, opened(4)])
      .when(renew(2))
      .then(renewed(3, 2));
  });

  it('renews for 7 days from now once the chat has expired', () => {
    given([funded, opened(4)])
      .when(renew(10))
      .thenState((state) => {
        const connection = connectionOf(state, 'c-1');
        if (connection?.expiresAt !== atDay(17).toISOString()) {
          throw new Error(`expiry ${connection?.expiresAt}`);
        }
        if (state.balance !== 3) throw new Error(`balance ${state.balance}`);
      });
  });

  it('refuses to renew a creator not on the list, or without a coin', () => {
    given([funded]).when(renew(1)).thenRefused('not_found', CM.notInList);
    given([granted('g-1', 1, 1), opened(0)])
      .when(renew(1))
      .thenRefused('validation', M.insufficientCoins);
  });

  it('removes a creator from the list for free, who can then be added again', () => {
    given([funded, opened(4)])
      .when(remove())
      .then({
        type: 'ConnectionRemoved',
        data: {
          userId: 'brand-1',
          connectionId: 'c-1',
          targetUserId: 'creator-1',
          balanceAfter: 4,
          at: atDay(1).toISOString(),
        },
      });
    const removed = {
      type: 'ConnectionRemoved' as const,
      data: {
        userId: 'brand-1',
        connectionId: 'c-1',
        targetUserId: 'creator-1',
        balanceAfter: 4,
        at: atDay(1).toISOString(),
      },
    };
    given([funded, opened(4), removed])
      .when(open('c-2'))
      .then(opened(3, 'c-2'));
    given([funded, opened(4), removed])
      .when(remove())
      .thenRefused('not_found', CM.notInList);
  });

  it('refunds a connection once, renewals included', () => {
    const refunded = {
      type: 'CoinRefunded' as const,
      data: {
        userId: 'brand-1',
        connectionId: 'c-1',
        targetUserId: 'creator-1',
        coins: 1,
        reason: 'no_reply_within_48_hours' as const,
        balanceAfter: 5,
        at: atDay(3).toISOString(),
      },
    };
    given([funded, opened(4)])
      .when(refund())
      .then(refunded);
    given([funded, opened(4), refunded])
      .when(refund())
      .thenNothingHappens();
    given([funded]).when(refund('c-9')).thenRefused('not_found', CM.notInList);
  });

  describe('cancelled because the other user connected the two first', () => {
    const cancel = (connectionId = 'c-1') => ({
      type: 'CancelConnection' as const,
      data: { userId: 'brand-1', connectionId, reason: 'already_connected' as const },
      metadata: meta(0),
    });
    const removedAt0 = (balanceAfter: number) => ({
      type: 'ConnectionRemoved' as const,
      data: {
        userId: 'brand-1',
        connectionId: 'c-1',
        targetUserId: 'creator-1',
        balanceAfter,
        at: t0.toISOString(),
      },
    });
    const refundedAll = (coins: number, balanceAfter: number) => ({
      type: 'CoinRefunded' as const,
      data: {
        userId: 'brand-1',
        connectionId: 'c-1',
        targetUserId: 'creator-1',
        coins,
        reason: 'already_connected' as const,
        balanceAfter,
        at: t0.toISOString(),
      },
    });

    it('takes the contact off the list and gives the coin back, in one decision', () => {
      given([funded, opened(4)])
        .when(cancel())
        .then([removedAt0(4), refundedAll(1, 5)]);
    });

    it('gives back a renewal made meanwhile too, and a removal made meanwhile stays', () => {
      given([funded, opened(4), renewed(3, 0)])
        .when(cancel())
        .then([removedAt0(3), refundedAll(2, 5)]);
      given([funded, opened(4), removedAt0(4)])
        .when(cancel())
        .then(refundedAll(1, 5));
    });

    it('happens once, and leaves no second refund to claim', () => {
      const cancelled = [funded, opened(4), removedAt0(4), refundedAll(1, 5)];
      given(cancelled).when(cancel()).thenNothingHappens();
      given(cancelled).when(refund()).thenNothingHappens();
      given(cancelled).when(renew(1)).thenRefused('not_found', CM.notInList);
      given(cancelled)
        .when(open('c-2'))
        .thenState((state) => {
          if (listedConnectionId(state, 'creator-1') !== 'c-2' || state.balance !== 4) {
            throw new Error(
              `listed ${listedConnectionId(state, 'creator-1')}, balance ${state.balance}`,
            );
          }
        });
      given([funded]).when(cancel('c-9')).thenRefused('not_found', CM.notInList);
    });
  });
});
