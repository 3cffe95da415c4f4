import { cleanName } from '@linkcoin/domain/shared/names.ts';
import type { AccountEvent } from '@linkcoin/domain/accounts/account.ts';
import type { InstagramOverview, UserOverview } from '@linkcoin/domain/audit/contracts.ts';
import { WALLET_EVENT_TYPES } from '@linkcoin/domain/wallet/ledger.ts';
import type { WalletEvent } from '@linkcoin/domain/wallet/wallet.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import {
  companyNameOf,
  legacyOwnerName,
  NAME_EVENT_TYPES,
  primaryHandle,
  withAccountEvent,
  type HandleAccount,
} from '@linkcoin/domain/profiles/names.ts';
import type {
  CompanyNameChanged,
  OwnerNameChanged,
  PersonalDetailsUpdated,
  SocialAccountAdded,
  SocialAccountRemoved,
  SocialAccountUpdated,
  SocialAccountVerificationWithdrawn,
  SocialAccountVerified,
} from '@linkcoin/domain/profiles/profile.ts';
import type { InstagramVerificationEvent } from '@linkcoin/domain/verification/instagram.ts';
import {
  effectiveStatus,
  statusCriteria,
  type InstagramOtpStatus,
} from '@linkcoin/domain/verification/request-status.ts';
import type { YouTubeVerificationEvent } from '@linkcoin/domain/verification/youtube.ts';
import type { FieldCondition } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

export const AUDIT_USERS = 'audit_users';

/** As stored: the overview with the newest Instagram request's stored status. */
export type UserOverviewDoc = UserOverview & {
  /** Whether any platform is verified: the "none" filter. */
  anyVerified: boolean;
  /** What the handle follows (names.ts): the profile's accounts, an old wizard's handle. */
  handleAccounts?: HandleAccount[];
  legacyHandle?: string | null;
};

/** The handle shown beside the name, derived again after a change of what it follows. */
const withHandle = (doc: UserOverviewDoc): UserOverviewDoc => ({
  ...doc,
  handle: primaryHandle(doc.handleAccounts ?? [], doc.legacyHandle ?? null, doc.ownerName),
});

type Followed =
  | RecordedEvent<AccountEvent>
  | RecordedEvent<WalletEvent>
  | RecordedEvent<InstagramVerificationEvent>
  | RecordedEvent<YouTubeVerificationEvent>
  | RecordedEvent<
      | PersonalDetailsUpdated
      | OwnerNameChanged
      | CompanyNameChanged
      | SocialAccountAdded
      | SocialAccountUpdated
      | SocialAccountRemoved
      | SocialAccountVerified
      | SocialAccountVerificationWithdrawn
    >;

const ACCOUNT_TYPES = [
  'AccountRegistered',
  'PasswordChanged',
  'LoggedOut',
  'RoleGranted',
  'RoleRevoked',
  'GoogleAccountLinked',
] as const;
const INSTAGRAM_TYPES = [
  'InstagramVerificationRequested',
  'InstagramOtpSent',
  'InstagramAccountVerified',
  'InstagramVerificationExpired',
] as const;
const YOUTUBE_TYPES = ['YouTubeChannelVerified', 'YouTubeVerificationFailed'] as const;

const withVerified = (doc: UserOverviewDoc): UserOverviewDoc => {
  const verified: UserOverview['verified'] = [
    ...(doc.instagramVerified.length > 0 ? (['instagram'] as const) : []),
    ...(doc.youtubeVerified.length > 0 ? (['youtube'] as const) : []),
  ];
  return { ...doc, verified, anyVerified: verified.length > 0 };
};

/** The user of a stream: `igverification-42` and `youtube-42` belong to user 42. */
const userOfStream = (streamId: string): string => streamId.slice(streamId.indexOf('-') + 1);

const withInstagram = (
  doc: UserOverviewDoc,
  change: (current: InstagramOverview) => InstagramOverview,
): UserOverviewDoc => (doc.instagram ? { ...doc, instagram: change(doc.instagram) } : doc);

/**
 * The console's users: each account with its roles, its LinkCoin balance and its verifications
 * (the newest Instagram request, the handles and channels verified), so the users list can show,
 * filter and sort by them. Built from the account, wallet, Instagram and YouTube events.
 */
export const usersProjection: Projection = {
  name: 'audit-users',
  // 3: names recorded before they were checked are stored clean (cleanName); the name as the
  // profile changes it (names.ts), and a brand's company.
  version: 3,
  collections: [
    {
      name: AUDIT_USERS,
      indexes: [
        { fields: ['registeredAt'] },
        { fields: ['balance'] },
        { fields: ['ownerName'] },
        { fields: ['email'] },
        { fields: ['instagram.status', 'instagram.expiresAt'] },
        { fields: ['anyVerified'] },
      ],
      textSearch: ['ownerName', 'email'],
    },
  ],
  eventTypes: [
    ...ACCOUNT_TYPES,
    ...WALLET_EVENT_TYPES,
    ...INSTAGRAM_TYPES,
    ...YOUTUBE_TYPES,
    ...NAME_EVENT_TYPES,
  ],
  apply: async (recorded, tx) => {
    const event = recorded as Followed;
    if (event.type === 'AccountRegistered') {
      const { data } = event;
      await tx.put<UserOverviewDoc>(AUDIT_USERS, data.userId, {
        id: data.userId,
        ownerName: cleanName(data.ownerName),
        companyName: data.role === 'user' ? companyNameOf(data.companyName) : null,
        handle: null,
        handleAccounts: [],
        legacyHandle: null,
        email: data.email,
        role: data.role,
        roles: [data.role],
        signInMethods: [
          ...(data.passwordHash ? (['password'] as const) : []),
          ...(data.googleSub ? (['google'] as const) : []),
        ],
        emailProof: data.emailProof,
        registeredAt: data.registeredAt,
        passwordResetAt: null,
        lastLogoutAt: null,
        balance: 0,
        instagram: null,
        instagramVerified: [],
        youtubeVerified: [],
        youtubeLastCheck: null,
        verified: [],
        anyVerified: false,
      });
      return;
    }
    const userId =
      'userId' in event.data && typeof event.data.userId === 'string' && event.data.userId
        ? event.data.userId
        : userOfStream(event.streamId);
    const doc = await tx.get<UserOverviewDoc>(AUDIT_USERS, userId);
    if (!doc) return;
    const save = (next: UserOverviewDoc) => tx.put<UserOverviewDoc>(AUDIT_USERS, userId, next);
    switch (event.type) {
      case 'PasswordChanged':
        return save({
          ...doc,
          passwordResetAt: event.data.changedAt,
          signInMethods: doc.signInMethods.includes('password')
            ? doc.signInMethods
            : [...doc.signInMethods, 'password'],
        });
      case 'LoggedOut':
        return save({ ...doc, lastLogoutAt: event.data.at });
      case 'RoleGranted':
        return save({
          ...doc,
          roles: doc.roles.includes(event.data.role) ? doc.roles : [...doc.roles, event.data.role],
        });
      case 'RoleRevoked':
        return save({ ...doc, roles: doc.roles.filter((role) => role !== event.data.role) });
      case 'GoogleAccountLinked':
        return save({
          ...doc,
          signInMethods: doc.signInMethods.includes('google')
            ? doc.signInMethods
            : [...doc.signInMethods, 'google'],
        });
      case 'CoinsPurchased':
      case 'CoinsGranted':
      case 'ConnectionOpened':
      case 'ConnectionRenewed':
      case 'ConnectionRemoved':
      case 'CoinRefunded':
        return save({ ...doc, balance: event.data.balanceAfter });
      case 'InstagramVerificationRequested':
        return save({
          ...doc,
          instagram: {
            status: 'pending',
            handle: event.data.profileName,
            requestedAt: event.data.requestedAt,
            expiresAt: event.data.expiresAt,
          },
        });
      case 'InstagramOtpSent':
        return save(withInstagram(doc, (current) => ({ ...current, status: 'send' })));
      case 'InstagramAccountVerified':
        return save(
          withVerified({
            ...withInstagram(doc, (current) => ({ ...current, status: 'verified' })),
            instagramVerified: doc.instagramVerified.includes(event.data.profileName)
              ? doc.instagramVerified
              : [...doc.instagramVerified, event.data.profileName],
          }),
        );
      case 'InstagramVerificationExpired':
        return save(withInstagram(doc, (current) => ({ ...current, status: 'expired' })));
      case 'YouTubeChannelVerified':
        return save(
          withVerified({
            ...doc,
            youtubeVerified: doc.youtubeVerified.includes(event.data.channelTitle)
              ? doc.youtubeVerified
              : [...doc.youtubeVerified, event.data.channelTitle],
            youtubeLastCheck: { at: event.data.at, outcome: 'verified' },
          }),
        );
      case 'PersonalDetailsUpdated': {
        const legacy = legacyOwnerName(event.data.ownerName);
        if (legacy.ownerName === null && legacy.legacyHandle === null) return undefined;
        return save(
          withHandle({
            ...doc,
            ownerName: legacy.ownerName ?? doc.ownerName,
            legacyHandle: legacy.legacyHandle ?? doc.legacyHandle ?? null,
          }),
        );
      }
      case 'OwnerNameChanged':
        return save(withHandle({ ...doc, ownerName: cleanName(event.data.ownerName) }));
      case 'SocialAccountAdded':
      case 'SocialAccountUpdated':
      case 'SocialAccountRemoved':
      case 'SocialAccountVerified':
      case 'SocialAccountVerificationWithdrawn':
        return save(
          withHandle({
            ...doc,
            handleAccounts: withAccountEvent(doc.handleAccounts ?? [], event),
          }),
        );
      case 'CompanyNameChanged':
        return doc.role === 'user'
          ? save({ ...doc, companyName: event.data.companyName })
          : undefined;
      case 'YouTubeVerificationFailed':
        return save({
          ...doc,
          youtubeLastCheck: { at: event.data.at, outcome: event.data.reason },
        });
    }
  },
};

/** The overview as the API answers it: the Instagram request's status as of `now`. */
export const userOverviewOf = (doc: UserOverviewDoc, now: Date): UserOverview => {
  const {
    anyVerified: _anyVerified,
    handleAccounts: _handleAccounts,
    legacyHandle: _legacyHandle,
    ...overview
  } = doc;
  return {
    ...overview,
    handle: overview.handle ?? null,
    instagram: doc.instagram
      ? {
          ...doc.instagram,
          status: effectiveStatus(doc.instagram.status, doc.instagram.expiresAt, now),
        }
      : null,
  };
};

/** The read-store conditions of "the newest Instagram request has this status now". */
export const whereInstagramStatus = (
  status: InstagramOtpStatus,
  now: Date,
): Readonly<Record<string, FieldCondition>> => {
  const { stored, closed } = statusCriteria(status);
  const instant = now.toISOString();
  return {
    'instagram.status': { $in: stored },
    ...(closed === null
      ? {}
      : { 'instagram.expiresAt': closed ? { $lte: instant } : { $gt: instant } }),
  };
};
