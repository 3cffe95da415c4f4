import { describe, expect, it } from 'vitest';
import type { EventMetadata } from '../shared/messages.ts';
import {
  emptyFiguresRow,
  figuresCsvName,
  figuresCsvRows,
  figuresDay,
  foldFigures,
  summariseFigures,
  type FiguresEvent,
} from './figures.ts';

/** A log built in order; the metadata's time is a week later than every event's own time. */
const log = () => {
  const events: FiguresEvent[] = [];
  const add = (streamId: string, type: FiguresEvent['type'], data: object) => {
    const metadata: EventMetadata = {
      actorUserId: null,
      correlationId: `c-${events.length}`,
      causationId: null,
      schemaVersion: 1,
      timestamp: '2030-01-01T00:00:00.000Z',
    };
    events.push({
      type,
      data,
      id: `e-${events.length + 1}`,
      streamId,
      revision: 0,
      position: events.length + 1,
      metadata,
    } as FiguresEvent);
  };
  return { events, add };
};

const registered = (role: string, registeredAt: string) => ({ userId: 'u', role, registeredAt });
const opened = (connectionId: string, targetUserId: string, at: string, cost = 1) => ({
  userId: 'brand-1',
  connectionId,
  targetUserId,
  cost,
  at,
});
const message = (connectionId: string, senderId: string, at: string) => ({
  pairId: 'p',
  connectionId,
  senderId,
  at,
});

describe('the marketplace figures fold', () => {
  it("puts each event on India's day of its own time, not the time it was recorded", () => {
    expect(figuresDay('2026-11-20T18:29:59.000Z')).toBe('2026-11-20');
    expect(figuresDay('2026-11-20T18:30:00.000Z')).toBe('2026-11-21');
    const l = log();
    l.add('account-b1', 'AccountRegistered', registered('user', '2026-11-20T18:45:00.000Z'));
    const rows = foldFigures(l.events);
    expect([...rows.keys()]).toEqual(['2026-11-21']);
  });

  it('counts sign-ups by role and leaves admins out', () => {
    const l = log();
    l.add('account-b1', 'AccountRegistered', registered('user', '2026-11-20T05:00:00.000Z'));
    l.add('account-b2', 'AccountRegistered', registered('user', '2026-11-20T06:00:00.000Z'));
    l.add('account-c1', 'AccountRegistered', registered('influencer', '2026-11-20T07:00:00.000Z'));
    l.add('account-a1', 'AccountRegistered', registered('admin', '2026-11-20T07:00:00.000Z'));
    expect(foldFigures(l.events).get('2026-11-20')).toEqual({
      ...emptyFiguresRow('2026-11-20'),
      brandSignUps: 2,
      creatorSignUps: 1,
    });
  });

  it('counts a creator verified once, at the first verified account, and unverified at the last withdrawn', () => {
    const l = log();
    const verified = (accountId: string, at: string) => ({ accountId, at, method: 'otp' });
    l.add('profile-c1', 'SocialAccountVerified', verified('ig', '2026-11-20T05:00:00.000Z'));
    l.add('profile-c1', 'SocialAccountVerified', verified('ig', '2026-11-20T06:00:00.000Z'));
    l.add('profile-c1', 'SocialAccountVerified', verified('yt', '2026-11-21T06:00:00.000Z'));
    l.add('profile-c2', 'SocialAccountVerified', verified('ig', '2026-11-21T07:00:00.000Z'));
    l.add('profile-c1', 'SocialAccountVerificationWithdrawn', {
      accountId: 'ig',
      at: '2026-11-22T05:00:00.000Z',
    });
    l.add('profile-c2', 'SocialAccountVerificationWithdrawn', {
      accountId: 'ig',
      at: '2026-11-22T06:00:00.000Z',
    });
    // A withdrawal of an account never verified changes nothing.
    l.add('profile-c3', 'SocialAccountVerificationWithdrawn', {
      accountId: 'ig',
      at: '2026-11-22T06:00:00.000Z',
    });
    const rows = foldFigures(l.events);
    expect(rows.get('2026-11-20')?.verifiedCreators).toBe(1);
    expect(rows.get('2026-11-21')?.verifiedCreators).toBe(1);
    expect(rows.get('2026-11-22')).toMatchObject({ verifiedCreators: 0, unverifiedCreators: 1 });
  });

  it('adds coins bought (with bonus), granted by admins, spent on openings and renewals, and refunded', () => {
    const l = log();
    l.add('wallet-b1', 'CoinsPurchased', {
      coins: 10,
      bonusCoins: 2,
      at: '2026-11-20T05:00:00.000Z',
    });
    l.add('wallet-b2', 'CoinsGranted', {
      userId: 'b2',
      grantId: 'g1',
      coins: 120,
      by: 'admin-1',
      reason: 'Welcome coins',
      at: '2026-11-20T07:00:00.000Z',
    });
    l.add('wallet-b1', 'ConnectionOpened', opened('k1', 'c1', '2026-11-20T06:00:00.000Z'));
    l.add('wallet-b1', 'ConnectionRenewed', { cost: 1, at: '2026-11-21T06:00:00.000Z' });
    l.add('wallet-b1', 'CoinRefunded', { coins: 1, at: '2026-11-22T06:00:00.000Z' });
    const rows = foldFigures(l.events);
    expect(rows.get('2026-11-20')).toMatchObject({
      coinsBought: 12,
      coinsGranted: 120,
      coinsSpent: 1,
      conversations: 1,
    });
    expect(rows.get('2026-11-21')).toMatchObject({
      coinsSpent: 1,
      coinsGranted: 0,
      conversations: 0,
    });
    expect(rows.get('2026-11-22')).toMatchObject({ coinsRefunded: 1 });
  });

  it("counts a conversation answered once, on the day it opened, at the creator's first message", () => {
    const l = log();
    l.add('wallet-b1', 'ConnectionOpened', opened('k1', 'c1', '2026-11-20T06:00:00.000Z'));
    l.add('wallet-b1', 'ConnectionOpened', opened('k2', 'c2', '2026-11-20T07:00:00.000Z'));
    l.add('conversation-p', 'MessageSent', message('k1', 'brand-1', '2026-11-20T08:00:00.000Z'));
    l.add('conversation-p', 'MessageSent', message('k1', 'c1', '2026-11-22T08:00:00.000Z'));
    l.add('conversation-p', 'MessageSent', message('k1', 'c1', '2026-11-22T09:00:00.000Z'));
    // Only the brand wrote in the second; a message of an unknown connection counts nothing.
    l.add('conversation-q', 'MessageSent', message('k2', 'brand-1', '2026-11-20T08:00:00.000Z'));
    l.add('conversation-r', 'MessageSent', message('k9', 'c9', '2026-11-20T08:00:00.000Z'));
    const rows = foldFigures(l.events);
    expect(rows.get('2026-11-20')).toMatchObject({ conversations: 2, replied: 1 });
    expect(rows.has('2026-11-22')).toBe(false);
  });
});

describe("a period's figures", () => {
  const now = new Date('2026-11-22T10:00:00.000Z');

  it('fills every day, carries the verified creators from before the period, and totals it', () => {
    const before = [
      { ...emptyFiguresRow('2026-10-01'), verifiedCreators: 3 },
      { ...emptyFiguresRow('2026-11-10'), unverifiedCreators: 1 },
    ];
    const rows = [
      { ...emptyFiguresRow('2026-11-16'), verifiedCreators: 1, brandSignUps: 2 },
      { ...emptyFiguresRow('2026-11-20'), conversations: 4, replied: 1, coinsSpent: 4 },
      { ...emptyFiguresRow('2026-11-22'), creatorSignUps: 1, coinsBought: 50, coinsGranted: 120 },
    ];
    const answer = summariseFigures(rows, before, now, 7);
    expect(answer.from).toBe('2026-11-16');
    expect(answer.to).toBe('2026-11-22');
    expect(answer.daily.map((d) => d.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(answer.daily.map((d) => d.verifiedCreators)).toEqual([3, 3, 3, 3, 3, 3, 3]);
    expect(answer.daily[4]).toMatchObject({ conversations: 4, replied: 1, replyRate: 0.25 });
    expect(answer.daily[1]!.replyRate).toBeNull();
    expect(answer.daily[6]).toMatchObject({ coinsBought: 50, coinsGranted: 120 });
    expect(answer.totals).toEqual({
      brandSignUps: 2,
      creatorSignUps: 1,
      signUps: 3,
      newVerifiedCreators: 1,
      verifiedCreators: 3,
      coinsBought: 50,
      coinsGranted: 120,
      coinsSpent: 4,
      coinsRefunded: 0,
      conversations: 4,
      replied: 1,
      replyRate: 0.25,
    });
  });

  it('writes CSV rows with the reply rate as a percentage and names the file by its period', () => {
    const answer = summariseFigures(
      [{ ...emptyFiguresRow('2026-11-22'), conversations: 3, replied: 2 }],
      [],
      now,
      7,
    );
    const rows = figuresCsvRows(answer);
    expect(rows).toHaveLength(7);
    expect(rows[6]).toMatchObject({ day: '2026-11-22', coinsGranted: 0, replyRatePercent: 66.7 });
    expect(rows[0]!.replyRatePercent).toBe('');
    expect(figuresCsvName(answer)).toBe('figures-7-days-2026-11-16-to-2026-11-22.csv');
  });
});
