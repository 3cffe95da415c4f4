/**
 * How fast a creator answers (issue 24): "Usually replies within N hours", the directory's
 * "Replies fast" filter and its sort by reply time. One rule for all three.
 *
 * A sample is one connection in which the payer (usually a brand) wrote: its first reply is the
 * creator's first message after the payer's first. The median counts the samples whose payer
 * wrote in the 90 days before `now`: answered ones by their time, and unanswered ones older than
 * the 48-hour reply guarantee as never answered (so a creator who answers 3 brands in ten
 * quickly is not called fast); unanswered ones younger than that are not decided yet. It is
 * told once at least 3 samples are decided and the median is an answer, not "never". Each payer
 * counts once (their first connection of the window): removing and adding a creator again
 * buys no second sample, so three quick answers take three different payers.
 */
import { REPLY_GUARANTEE_MS } from './conversation.ts';

export const REPLY_WINDOW_DAYS = 90;
export const REPLY_WINDOW_MS = REPLY_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** The badge shows once this many conversations are decided. */
export const MIN_REPLY_SAMPLES = 3;
/** "Replies fast": usually within this many hours. */
export const REPLIES_FAST_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

export type ReplySample = Readonly<{
  /** Who paid for the connection. */
  payerId: string;
  /** The payer's first message of the connection. */
  askedAt: string;
  /** The creator's first message after it, or null. */
  repliedAt: string | null;
}>;

/**
 * The median first reply in whole hours, rounded up (at least 1), or null when it is not to be
 * told (fewer than 3 decided samples, or most of them never answered).
 */
export const usualReplyHours = (samples: readonly ReplySample[], now: Date): number | null => {
  const nowMs = now.getTime();
  const firstPerPayer = new Map<string, ReplySample>();
  for (const sample of samples) {
    const askedMs = Date.parse(sample.askedAt);
    if (askedMs < nowMs - REPLY_WINDOW_MS || askedMs > nowMs) continue;
    const known = firstPerPayer.get(sample.payerId);
    if (!known || sample.askedAt < known.askedAt) firstPerPayer.set(sample.payerId, sample);
  }
  const decided: number[] = [];
  for (const sample of firstPerPayer.values()) {
    const askedMs = Date.parse(sample.askedAt);
    if (sample.repliedAt !== null)
      decided.push(Math.max(0, Date.parse(sample.repliedAt) - askedMs));
    else if (nowMs - askedMs >= REPLY_GUARANTEE_MS) decided.push(Number.POSITIVE_INFINITY);
  }
  if (decided.length < MIN_REPLY_SAMPLES) return null;
  decided.sort((a, b) => a - b);
  const middle = decided.length / 2;
  const median = Number.isInteger(middle)
    ? (decided[middle - 1]! + decided[middle]!) / 2
    : decided[Math.floor(middle)]!;
  if (!Number.isFinite(median)) return null;
  return Math.max(1, Math.ceil(median / HOUR_MS));
};

/** What the card, the profile and the chat header say. */
export const replyTimeText = (hours: number): string =>
  hours === 1 ? 'Usually replies within 1 hour' : `Usually replies within ${hours} hours`;

/** The samples kept per creator: the most recent, enough for the window of a busy creator. */
export const MAX_REPLY_SAMPLES = 200;
