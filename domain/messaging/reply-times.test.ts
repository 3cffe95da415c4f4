import { describe, expect, it } from 'vitest';
import { replyTimeText, usualReplyHours, type ReplySample } from './reply-times.ts';

const HOUR = 60 * 60 * 1000;
const now = new Date('2026-06-01T12:00:00.000Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
/** A brand wrote `askedHoursAgo` hours ago; the creator answered `answeredAfter` hours later. */
const sample = (
  askedHoursAgo: number,
  answeredAfter: number | null,
  payerId = `brand-${askedHoursAgo}`,
): ReplySample => ({
  payerId,
  askedAt: ago(askedHoursAgo),
  repliedAt: answeredAfter === null ? null : ago(askedHoursAgo - answeredAfter),
});

describe('the usual reply time', () => {
  it('is the median first reply, in whole hours rounded up', () => {
    expect(usualReplyHours([sample(100, 2), sample(90, 5), sample(80, 0.5)], now)).toBe(2);
    expect(usualReplyHours([sample(100, 2.1), sample(90, 5), sample(80, 0.5)], now)).toBe(3);
    expect(
      usualReplyHours([sample(100, 2), sample(90, 4), sample(80, 1), sample(70, 9)], now),
    ).toBe(3);
  });

  it('says at least one hour', () => {
    expect(usualReplyHours([sample(10, 0), sample(9, 0.1), sample(8, 0.2)], now)).toBe(1);
  });

  it('is not told before three conversations are decided', () => {
    expect(usualReplyHours([sample(100, 2), sample(90, 5)], now)).toBeNull();
    // Unanswered for less than 48 hours: not decided yet.
    expect(usualReplyHours([sample(100, 2), sample(90, 5), sample(47, null)], now)).toBeNull();
  });

  it('counts a brand left unanswered past 48 hours as never answered', () => {
    expect(usualReplyHours([sample(100, 2), sample(90, 5), sample(49, null)], now)).toBe(5);
    expect(usualReplyHours([sample(100, 2), sample(90, null), sample(80, null)], now)).toBeNull();
  });

  it('looks at the last 90 days only', () => {
    const old = [sample(91 * 24, 1), sample(92 * 24, 1), sample(93 * 24, 1)];
    expect(usualReplyHours(old, now)).toBeNull();
    expect(usualReplyHours([...old, sample(10, 7), sample(9, 7), sample(8, 7)], now)).toBe(7);
  });

  it('counts each payer once: adding a creator again buys no second sample', () => {
    const one = [sample(30, 0.1, 'sock'), sample(20, 0.1, 'sock'), sample(10, 0.1, 'sock')];
    expect(usualReplyHours(one, now)).toBeNull();
    // Their first connection of the window is the one that counts.
    const mixed = [
      sample(60, 9, 'a'),
      sample(50, 0.1, 'a'),
      sample(40, 9, 'b'),
      sample(30, 9, 'c'),
    ];
    expect(usualReplyHours(mixed, now)).toBe(9);
  });

  it('is said in the product voice', () => {
    expect(replyTimeText(1)).toBe('Usually replies within 1 hour');
    expect(replyTimeText(6)).toBe('Usually replies within 6 hours');
  });
});
