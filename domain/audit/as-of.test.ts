import { describe, expect, it } from 'vitest';
import { asEventList } from '../shared/decider.ts';
import type { RecordedEvent } from '../shared/messages.ts';
import {
  connectionsOf,
  walletDecider,
  type WalletCommand,
  type WalletEvent,
  type WalletState,
} from '../wallet/wallet.ts';
import { userAsOf } from './as-of.ts';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const MINUTE = 60_000;
const USER = 'brand-1';

/** A small deterministic generator (mulberry32), so a failure replays the same stream. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/**
 * A wallet stream the decider itself writes: purchases, grants, adds, renewals, removals and
 * refunds in a random order, each command refused by the decider simply skipped.
 */
const walletStream = (seed: number, commands: number): RecordedEvent<WalletEvent>[] => {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const events: RecordedEvent<WalletEvent>[] = [];
  let state: WalletState = walletDecider.initialState();
  for (let i = 0; i < commands; i++) {
    const now = new Date(T0 + i * MINUTE);
    const metadata = { now, actorUserId: USER, correlationId: `c-${i}`, causationId: null };
    const creator = pick(['creator-1', 'creator-2', 'creator-3', 'creator-4']);
    const opened = connectionsOf(state).map((connection) => connection.connectionId);
    const command: WalletCommand = pick<WalletCommand>([
      {
        type: 'CreditPurchase',
        data: {
          userId: USER,
          paymentId: `p-${i % 7}`,
          packageId: null,
          coins: 3,
          bonusCoins: 0,
          rupees: 15,
        },
        metadata,
      },
      {
        type: 'GrantCoins',
        data: { userId: USER, grantId: `g-${i % 5}`, coins: 2, by: 'admin-1', reason: 'Welcome' },
        metadata,
      },
      {
        type: 'OpenConnection',
        data: {
          userId: USER,
          connectionId: `k-${i}`,
          targetUserId: creator,
          targetIsCreator: true,
        },
        metadata,
      },
      { type: 'RenewConnection', data: { userId: USER, targetUserId: creator }, metadata },
      { type: 'RemoveConnection', data: { userId: USER, targetUserId: creator }, metadata },
      {
        type: 'RefundConnection',
        data: {
          userId: USER,
          connectionId: opened.length ? pick(opened) : 'none',
          reason: 'no_reply_within_48_hours',
        },
        metadata,
      },
    ]);
    let decided: readonly WalletEvent[];
    try {
      decided = asEventList(walletDecider.decide(command, state));
    } catch {
      continue;
    }
    for (const event of decided) {
      state = walletDecider.evolve(state, event);
      events.push({
        ...event,
        id: `e-${events.length}`,
        streamId: `wallet-${USER}`,
        revision: events.length,
        position: events.length + 1,
        metadata: {
          actorUserId: USER,
          correlationId: `c-${i}`,
          causationId: null,
          schemaVersion: 1,
          timestamp: now.toISOString(),
        },
      } as RecordedEvent<WalletEvent>);
    }
  }
  return events;
};

describe('the wallet "as of" an instant', () => {
  it('folds a wallet stream in one pass to what evolve folds it to event by event, from any state, changing none', () => {
    const { evolve, evolveAll, initialState } = walletDecider;
    for (const seed of [1, 2, 3, 42]) {
      const events = walletStream(seed, 300);
      const kinds = new Set(events.map((event) => event.type));
      expect(kinds.size, `seed ${seed}: every kind of wallet event`).toBe(6);
      for (let end = 0; end <= events.length; end++) {
        const split = Math.floor(end / 2);
        const start = events.slice(0, split).reduce(evolve, initialState());
        const before: unknown = JSON.parse(JSON.stringify(start));
        const byEvent = events.slice(0, end).reduce(evolve, initialState());
        expect(evolveAll!(start, events.slice(split, end)), `seed ${seed}, ${end} events`).toEqual(
          byEvent,
        );
        expect(start, 'the state folded from is left as it was').toEqual(before);
      }
    }
  });

  it('counts only the events recorded at or before the instant', () => {
    const events = walletStream(7, 60);
    const cut = events[20]!;
    const at = new Date(cut.metadata.timestamp);
    const answer = userAsOf(
      USER,
      { account: [], emailOtp: [], wallet: events, instagram: [], youtube: [] },
      at,
    );
    const upTo = events.filter((event) => Date.parse(event.metadata.timestamp) <= at.getTime());
    expect(answer.wallet.events).toBe(upTo.length);
    expect(answer.wallet.balance).toBe(upTo.at(-1)!.data.balanceAfter);
    expect(answer.wallet.lastEventAt).toBe(upTo.at(-1)!.data.at);
  });
});
