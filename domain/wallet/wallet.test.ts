import { describe, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { WALLET_MESSAGES as M } from './messages.ts';
import {
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
