/**
 * A person's name and their handles are separate things (issue 19, "Names are names").
 *
 * - The name (`ownerName`) is what the person typed at sign-up ("Full Name", AccountRegistered),
 *   changed later only by `OwnerNameChanged` (the wizard's "Full name").
 * - A brand may have a company name (AccountRegistered's `companyName`, `CompanyNameChanged`).
 * - Handles are the profile's social accounts (`profileName`).
 *
 * The migration, by events and a read-side rule: the old wizard labelled its name field "Insta or
 * YouTube Username" and stored it as `ownerName` in `PersonalDetailsUpdated`, so those events
 * hold a handle as often as a name. Read today, such a value is a handle when it reads as one (one
 * word of letters, digits, dots and underscores, as Instagram and YouTube handles are) and is
 * not the registered name; otherwise it is a name. `PersonalDetailsUpdated` written from now on
 * carries no name (`ownerName: null`): names travel in `OwnerNameChanged`. Nothing recorded is
 * changed.
 */
import { cleanName } from '../shared/names.ts';
import { normalizeHandle } from '../verification/handles.ts';

export const MAX_COMPANY_NAME_LENGTH = 100;

const HANDLE_LIKE = /^@?[\p{L}\p{N}._]{1,30}$/u;

/** What an old `PersonalDetailsUpdated.ownerName` was: a name, a handle, or nothing. */
export const legacyOwnerName = (
  value: string | null,
): Readonly<{ ownerName: string | null; legacyHandle: string | null }> => {
  const text = cleanName(value ?? '');
  if (text === '') return { ownerName: null, legacyHandle: null };
  if (HANDLE_LIKE.test(text)) return { ownerName: null, legacyHandle: text.replace(/^@/, '') };
  return { ownerName: text, legacyHandle: null };
};

type HandleSource = Readonly<{ platform: string; profileName: string; verified: boolean }>;

/**
 * The handle shown beside a name: a verified Instagram account's, else any verified account's,
 * else the first account's, else a handle the old wizard stored as the name. Never the name
 * itself (someone whose handle is their name needs it shown once).
 */
export const primaryHandle = (
  accounts: readonly HandleSource[],
  legacyHandle: string | null,
  ownerName: string,
): string | null => {
  const pick =
    accounts.find((a) => a.verified && a.platform === 'instagram') ??
    accounts.find((a) => a.verified) ??
    accounts[0];
  const handle = pick?.profileName.trim().replace(/^@/, '') ?? legacyHandle;
  if (!handle) return null;
  return normalizeHandle(handle) === normalizeHandle(ownerName.replace(/\s+/g, '')) ? null : handle;
};

/** A company name as typed: trimmed, one line; empty is none. */
export const companyNameOf = (value: string | null | undefined): string | null => {
  const text = cleanName(value ?? '');
  return text === '' ? null : text.slice(0, MAX_COMPANY_NAME_LENGTH);
};

/** A brand's company now: the one changed on the profile, else the one given at sign-up. */
export const currentCompanyName = (
  registered: string | null | undefined,
  changed: string | null | undefined,
): string | null => (changed === undefined ? (registered ?? null) : changed);

/**
 * A person's name now: the one changed on the profile, else the registered one; read clean
 * (names recorded before they were checked keep their events as written).
 */
export const currentName = (
  registered: Readonly<{ ownerName: string }>,
  profile: Readonly<{ personal: Readonly<{ ownerName: string | null }> }>,
): string => cleanName(profile.personal.ownerName ?? registered.ownerName);

/**
 * The profile events that change how a person is named (name, company, handles): what a read
 * model outside the profile follows to show a name with its handle.
 */
export const NAME_EVENT_TYPES = [
  'PersonalDetailsUpdated',
  'OwnerNameChanged',
  'CompanyNameChanged',
  'SocialAccountAdded',
  'SocialAccountUpdated',
  'SocialAccountRemoved',
  'SocialAccountVerified',
  'SocialAccountVerificationWithdrawn',
] as const;

/** What a read model keeps of a profile's accounts to show its handle (primaryHandle). */
export type HandleAccount = Readonly<{
  id: string;
  platform: string;
  profileName: string;
  verified: boolean;
}>;

type AccountEvent =
  | Readonly<{
      type: 'SocialAccountAdded' | 'SocialAccountUpdated';
      data: Readonly<{ account: Readonly<{ id: string; platform: string; profileName: string }> }>;
    }>
  | Readonly<{ type: 'SocialAccountRemoved'; data: Readonly<{ accountId: string }> }>
  | Readonly<{
      type: 'SocialAccountVerified' | 'SocialAccountVerificationWithdrawn';
      data: Readonly<{ accountId: string }>;
    }>;

/** The accounts after one account event of the profile: for read models outside the profile. */
export const withAccountEvent = (
  accounts: readonly HandleAccount[],
  event: AccountEvent,
): HandleAccount[] => {
  switch (event.type) {
    case 'SocialAccountAdded':
    case 'SocialAccountUpdated': {
      const { id, platform, profileName } = event.data.account;
      const known = accounts.find((a) => a.id === id);
      const account = { id, platform, profileName, verified: known?.verified ?? false };
      return known ? accounts.map((a) => (a.id === id ? account : a)) : [...accounts, account];
    }
    case 'SocialAccountRemoved':
      return accounts.filter((a) => a.id !== event.data.accountId);
    case 'SocialAccountVerified':
    case 'SocialAccountVerificationWithdrawn': {
      const verified = event.type === 'SocialAccountVerified';
      return accounts.map((a) => (a.id === event.data.accountId ? { ...a, verified } : a));
    }
  }
};
