/**
 * Marketplace figures for admins and auditors (issue 24, item 6): per day, sign-ups by role,
 * creators newly verified and verified in all, coins bought, granted by admins, spent and
 * refunded (bought + granted + refunded against spent: the coins' whole flow), conversations
 * opened and how many of them the creator answered. Pure: the audit context's projection
 * (services/audit/figures-projection.ts) reads a row, folds and writes it back; `foldFigures`
 * folds a whole log in memory the same way (the unit tests' reference).
 *
 * A day is India's day (UTC+05:30), as in creator insights (domain/insights/recording.ts), and
 * always the day of the event's own time (`at`, `registeredAt`), never the projection's clock:
 * a rebuild puts every event on the same day again.
 */
import { z } from 'zod';
import type { AccountRegistered } from '../accounts/account.ts';
import { insightsDay } from '../insights/recording.ts';
import type { MessageSent } from '../messaging/conversation.ts';
import type {
  SocialAccountVerificationWithdrawn,
  SocialAccountVerified,
} from '../profiles/profile.ts';
import type { RecordedEvent } from '../shared/messages.ts';
import type {
  CoinRefunded,
  CoinsGranted,
  CoinsPurchased,
  ConnectionOpened,
  ConnectionRenewed,
} from '../wallet/wallet.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// The query -----------------------------------------------------------------------------------

export const FIGURES_PERIODS = [7, 30, 90, 365] as const;
export type FiguresPeriod = (typeof FIGURES_PERIODS)[number];

export const FIGURES_MESSAGES = {
  badDays: 'Choose a period of 7, 30, 90 or 365 days.',
  badFormat: 'Choose the figures as a page or as a CSV file.',
} as const;

/** `GET /api/admin/figures?days=7|30|90|365&format=json|csv` (30 days and JSON by default). */
export const figuresQuery = z
  .object({
    days: z
      .enum(['7', '30', '90', '365'], FIGURES_MESSAGES.badDays)
      .optional()
      .transform((days): FiguresPeriod => (days ? (Number(days) as FiguresPeriod) : 30)),
    format: z
      .enum(['json', 'csv'], FIGURES_MESSAGES.badFormat)
      .optional()
      .transform((format) => format ?? 'json'),
  })
  .strict();

/** The time zone of the figures' days (the product's, as insights). */
export const FIGURES_TIME_ZONE = 'Asia/Kolkata';

export const figuresDay = (at: Date | string | number): string => insightsDay(at);

// The day row ---------------------------------------------------------------------------------

/** One day of the marketplace, as the read model keeps it (id: the day, `YYYY-MM-DD`). */
export type FiguresRow = {
  id: string;
  day: string;
  brandSignUps: number;
  creatorSignUps: number;
  /** Creators whose first verified account came that day. */
  verifiedCreators: number;
  /** Creators who lost their last verified account that day (the desk gave it to another). */
  unverifiedCreators: number;
  /** Coins credited by purchases (bonus coins included). */
  coinsBought: number;
  /** Coins credited by admins' grants (counted from the projection's version 2). */
  coinsGranted: number;
  /** Coins spent on connections and renewals. */
  coinsSpent: number;
  /** Coins given back (no reply within 48 hours, a refused connection). */
  coinsRefunded: number;
  /** Connections opened that day: each opens a conversation. */
  conversations: number;
  /** Of the conversations opened that day, those the creator wrote in (counted on the opening day). */
  replied: number;
};

export const emptyFiguresRow = (day: string): FiguresRow => ({
  id: day,
  day,
  brandSignUps: 0,
  creatorSignUps: 0,
  verifiedCreators: 0,
  unverifiedCreators: 0,
  coinsBought: 0,
  coinsGranted: 0,
  coinsSpent: 0,
  coinsRefunded: 0,
  conversations: 0,
  replied: 0,
});

export type FiguresChange =
  | Readonly<{ kind: 'signUp'; role: 'brand' | 'creator' }>
  | Readonly<{ kind: 'verified' }>
  | Readonly<{ kind: 'unverified' }>
  | Readonly<{ kind: 'bought'; coins: number }>
  | Readonly<{ kind: 'granted'; coins: number }>
  | Readonly<{ kind: 'spent'; coins: number }>
  | Readonly<{ kind: 'refunded'; coins: number }>
  | Readonly<{ kind: 'conversation' }>
  | Readonly<{ kind: 'reply' }>;

/** A change on its day's row. */
export const foldFiguresRow = (row: FiguresRow, change: FiguresChange): FiguresRow => {
  switch (change.kind) {
    case 'signUp':
      return change.role === 'brand'
        ? { ...row, brandSignUps: row.brandSignUps + 1 }
        : { ...row, creatorSignUps: row.creatorSignUps + 1 };
    case 'verified':
      return { ...row, verifiedCreators: row.verifiedCreators + 1 };
    case 'unverified':
      return { ...row, unverifiedCreators: row.unverifiedCreators + 1 };
    case 'bought':
      return { ...row, coinsBought: row.coinsBought + change.coins };
    case 'granted':
      return { ...row, coinsGranted: row.coinsGranted + change.coins };
    case 'spent':
      return { ...row, coinsSpent: row.coinsSpent + change.coins };
    case 'refunded':
      return { ...row, coinsRefunded: row.coinsRefunded + change.coins };
    case 'conversation':
      return { ...row, conversations: row.conversations + 1 };
    case 'reply':
      return { ...row, replied: row.replied + 1 };
  }
};

// What the fold follows between events ----------------------------------------------------------

/** A creator's verified accounts (id: the creator): verified while at least one is. */
export type FiguresCreator = { id: string; accounts: string[] };

/** A connection not answered yet (id: the connection): its creator and the day it opened. */
export type FiguresThread = { id: string; creatorId: string; day: string };

export type FiguresEvent =
  | RecordedEvent<AccountRegistered>
  | RecordedEvent<SocialAccountVerified>
  | RecordedEvent<SocialAccountVerificationWithdrawn>
  | RecordedEvent<CoinsPurchased>
  | RecordedEvent<CoinsGranted>
  | RecordedEvent<ConnectionOpened>
  | RecordedEvent<ConnectionRenewed>
  | RecordedEvent<CoinRefunded>
  | RecordedEvent<MessageSent>;

export const FIGURES_EVENT_TYPES: readonly FiguresEvent['type'][] = [
  'AccountRegistered',
  'SocialAccountVerified',
  'SocialAccountVerificationWithdrawn',
  'CoinsPurchased',
  'CoinsGranted',
  'ConnectionOpened',
  'ConnectionRenewed',
  'CoinRefunded',
  'MessageSent',
];

/** The user a `profile-{userId}` stream belongs to. */
const ownerOf = (streamId: string): string => streamId.slice(streamId.indexOf('-') + 1);

/** What one event reads and writes besides its day's row. */
export type FiguresStep = Readonly<{
  /** The day's change, if any. */
  change: Readonly<{ day: string; change: FiguresChange }> | null;
  /** The creator's verified accounts after the event (verification events only). */
  creator?: FiguresCreator;
  /** The connection to follow (opened), or to stop following (`null`: answered). */
  thread?: FiguresThread | null;
}>;

/** Which follow-up document an event needs: the creator's, or the connection's. */
export const figuresLookup = (
  event: FiguresEvent,
): Readonly<{ creator?: string; thread?: string }> => {
  switch (event.type) {
    case 'SocialAccountVerified':
    case 'SocialAccountVerificationWithdrawn':
      return { creator: ownerOf(event.streamId) };
    case 'MessageSent':
      return { thread: event.data.connectionId };
    default:
      return {};
  }
};

/**
 * One event's step, given the follow-up document `figuresLookup` named (null when there is
 * none). Sign-ups of admins count nothing; a creator counts as verified once, at the first
 * verified account, and not again for a second; a conversation counts as answered at the
 * creator's first message in it, on the day it was opened.
 */
export const figuresStep = (
  event: FiguresEvent,
  known: Readonly<{ creator?: FiguresCreator | null; thread?: FiguresThread | null }>,
): FiguresStep => {
  switch (event.type) {
    case 'AccountRegistered': {
      const { role, registeredAt } = event.data;
      // `user` is a brand, `influencer` a creator (domain/accounts/roles.ts).
      if (role !== 'user' && role !== 'influencer') return { change: null };
      return {
        change: {
          day: figuresDay(registeredAt),
          change: { kind: 'signUp', role: role === 'user' ? 'brand' : 'creator' },
        },
      };
    }
    case 'SocialAccountVerified': {
      const creator = known.creator ?? { id: ownerOf(event.streamId), accounts: [] };
      if (creator.accounts.includes(event.data.accountId)) return { change: null };
      return {
        creator: { ...creator, accounts: [...creator.accounts, event.data.accountId] },
        change:
          creator.accounts.length === 0
            ? { day: figuresDay(event.data.at), change: { kind: 'verified' } }
            : null,
      };
    }
    case 'SocialAccountVerificationWithdrawn': {
      const creator = known.creator;
      if (!creator?.accounts.includes(event.data.accountId)) return { change: null };
      const accounts = creator.accounts.filter((id) => id !== event.data.accountId);
      return {
        creator: { ...creator, accounts },
        change:
          accounts.length === 0
            ? { day: figuresDay(event.data.at), change: { kind: 'unverified' } }
            : null,
      };
    }
    case 'CoinsPurchased':
      return {
        change: {
          day: figuresDay(event.data.at),
          change: { kind: 'bought', coins: event.data.coins + event.data.bonusCoins },
        },
      };
    case 'CoinsGranted':
      return {
        change: {
          day: figuresDay(event.data.at),
          change: { kind: 'granted', coins: event.data.coins },
        },
      };
    case 'ConnectionOpened': {
      const day = figuresDay(event.data.at);
      return {
        change: { day, change: { kind: 'conversation' } },
        thread: { id: event.data.connectionId, creatorId: event.data.targetUserId, day },
        // The coin it cost is a second change, made by the caller (figuresSpend).
      };
    }
    case 'ConnectionRenewed':
      return {
        change: {
          day: figuresDay(event.data.at),
          change: { kind: 'spent', coins: event.data.cost },
        },
      };
    case 'CoinRefunded':
      return {
        change: {
          day: figuresDay(event.data.at),
          change: { kind: 'refunded', coins: event.data.coins },
        },
      };
    case 'MessageSent': {
      const thread = known.thread;
      if (!thread || event.data.senderId !== thread.creatorId) return { change: null };
      return { change: { day: thread.day, change: { kind: 'reply' } }, thread: null };
    }
  }
};

/** The coins an opening cost, on its day (ConnectionOpened makes two changes). */
export const figuresSpend = (
  event: FiguresEvent,
): Readonly<{ day: string; change: FiguresChange }> | null =>
  event.type === 'ConnectionOpened'
    ? { day: figuresDay(event.data.at), change: { kind: 'spent', coins: event.data.cost } }
    : null;

/** The whole log folded in memory, as the projection folds it: the rows by day. */
export const foldFigures = (events: readonly FiguresEvent[]): Map<string, FiguresRow> => {
  const rows = new Map<string, FiguresRow>();
  const creators = new Map<string, FiguresCreator>();
  const threads = new Map<string, FiguresThread>();
  const apply = (change: Readonly<{ day: string; change: FiguresChange }> | null) => {
    if (!change) return;
    rows.set(
      change.day,
      foldFiguresRow(rows.get(change.day) ?? emptyFiguresRow(change.day), change.change),
    );
  };
  for (const event of events) {
    const lookup = figuresLookup(event);
    const step = figuresStep(event, {
      creator: lookup.creator ? (creators.get(lookup.creator) ?? null) : undefined,
      thread: lookup.thread ? (threads.get(lookup.thread) ?? null) : undefined,
    });
    apply(step.change);
    apply(figuresSpend(event));
    if (step.creator) creators.set(step.creator.id, step.creator);
    if (step.thread) threads.set(step.thread.id, step.thread);
    if (step.thread === null && lookup.thread) threads.delete(lookup.thread);
  }
  return rows;
};

// The answer ----------------------------------------------------------------------------------

/** One day as the console shows it and the CSV writes it. */
export type FiguresDay = Readonly<{
  day: string;
  brandSignUps: number;
  creatorSignUps: number;
  newVerifiedCreators: number;
  /** Verified creators at the end of the day. */
  verifiedCreators: number;
  coinsBought: number;
  /** Coins admins granted. */
  coinsGranted: number;
  coinsSpent: number;
  coinsRefunded: number;
  conversations: number;
  replied: number;
  /** Replied over opened (0 to 1); null with no conversation opened. */
  replyRate: number | null;
}>;

export type FiguresAnswer = Readonly<{
  success: true;
  days: FiguresPeriod;
  from: string;
  to: string;
  timeZone: string;
  totals: Readonly<{
    brandSignUps: number;
    creatorSignUps: number;
    signUps: number;
    newVerifiedCreators: number;
    /** Verified creators at the end of the period. */
    verifiedCreators: number;
    coinsBought: number;
    coinsGranted: number;
    coinsSpent: number;
    coinsRefunded: number;
    conversations: number;
    replied: number;
    replyRate: number | null;
  }>;
  daily: readonly FiguresDay[];
}>;

/** The period's days, oldest first, ending with today (India's day). */
export const figuresPeriodDays = (now: Date, days: FiguresPeriod): string[] =>
  Array.from({ length: days }, (_, index) =>
    figuresDay(now.getTime() - (days - 1 - index) * DAY_MS),
  );

const rate = (replied: number, conversations: number): number | null =>
  conversations > 0 ? replied / conversations : null;

/**
 * The period from its rows (days without a row are zero) and the rows before it (for the number
 * of verified creators it starts with).
 */
export const summariseFigures = (
  rows: readonly FiguresRow[],
  before: readonly FiguresRow[],
  now: Date,
  days: FiguresPeriod,
): FiguresAnswer => {
  const period = figuresPeriodDays(now, days);
  const from = period[0]!;
  const to = period.at(-1)!;
  const byDay = new Map(rows.filter((r) => r.day >= from && r.day <= to).map((r) => [r.day, r]));
  let verified = before
    .filter((row) => row.day < from)
    .reduce((n, row) => n + row.verifiedCreators - row.unverifiedCreators, 0);
  const daily: FiguresDay[] = period.map((day) => {
    const row = byDay.get(day) ?? emptyFiguresRow(day);
    verified += row.verifiedCreators - row.unverifiedCreators;
    return {
      day,
      brandSignUps: row.brandSignUps,
      creatorSignUps: row.creatorSignUps,
      newVerifiedCreators: row.verifiedCreators,
      verifiedCreators: verified,
      coinsBought: row.coinsBought,
      coinsGranted: row.coinsGranted,
      coinsSpent: row.coinsSpent,
      coinsRefunded: row.coinsRefunded,
      conversations: row.conversations,
      replied: row.replied,
      replyRate: rate(row.replied, row.conversations),
    };
  });
  const sum = (pick: (day: FiguresDay) => number) => daily.reduce((n, d) => n + pick(d), 0);
  const conversations = sum((d) => d.conversations);
  const replied = sum((d) => d.replied);
  const brandSignUps = sum((d) => d.brandSignUps);
  const creatorSignUps = sum((d) => d.creatorSignUps);
  return {
    success: true,
    days,
    from,
    to,
    timeZone: FIGURES_TIME_ZONE,
    totals: {
      brandSignUps,
      creatorSignUps,
      signUps: brandSignUps + creatorSignUps,
      newVerifiedCreators: sum((d) => d.newVerifiedCreators),
      verifiedCreators: verified,
      coinsBought: sum((d) => d.coinsBought),
      coinsGranted: sum((d) => d.coinsGranted),
      coinsSpent: sum((d) => d.coinsSpent),
      coinsRefunded: sum((d) => d.coinsRefunded),
      conversations,
      replied,
      replyRate: rate(replied, conversations),
    },
    daily,
  };
};

// The CSV -------------------------------------------------------------------------------------

/** A CSV line: the day's figures, the reply rate as a percentage with one decimal (blank: none). */
export type FiguresCsvRow = Omit<FiguresDay, 'replyRate'> & { replyRatePercent: number | '' };

export const figuresCsvRows = (answer: FiguresAnswer): FiguresCsvRow[] =>
  answer.daily.map(({ replyRate, ...day }) => ({
    ...day,
    replyRatePercent: replyRate === null ? '' : Math.round(replyRate * 1000) / 10,
  }));

export const FIGURES_COLUMNS: readonly (readonly [keyof FiguresCsvRow & string, string])[] = [
  ['day', 'Day'],
  ['brandSignUps', 'Brand sign-ups'],
  ['creatorSignUps', 'Creator sign-ups'],
  ['newVerifiedCreators', 'Newly verified creators'],
  ['verifiedCreators', 'Verified creators'],
  ['coinsBought', 'Coins bought'],
  ['coinsGranted', 'Coins granted'],
  ['coinsSpent', 'Coins spent'],
  ['coinsRefunded', 'Coins refunded'],
  ['conversations', 'Conversations opened'],
  ['replied', 'Conversations answered'],
  ['replyRatePercent', 'Reply rate (%)'],
];

/** `figures-30-days-2026-10-23-to-2026-11-21.csv`. */
export const figuresCsvName = (answer: FiguresAnswer): string =>
  `figures-${answer.days}-days-${answer.from}-to-${answer.to}.csv`;
