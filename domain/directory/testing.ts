/**
 * Test-only: directory entries built the way the projection builds them, from a registration
 * and the wizard's saves decided by the profile's own decider. Imported from *.test.ts files.
 */
import type { AccountRegistered } from '../accounts/account.ts';
import { profileUpdateRequest, type ProfileUpdateRequest } from '../profiles/contracts.ts';
import { profileDecider, type ProfileEvent } from '../profiles/profile.ts';
import { asEventList } from '../shared/decider.ts';
import { testMetadata } from '../shared/testing.ts';
import { evolveEntry, profileStateOf, registeredEntry, type DirectoryEntry } from './entry.ts';

let ids = 0;

export const registration = (
  overrides: Partial<AccountRegistered['data']> = {},
): AccountRegistered['data'] => ({
  userId: `user-${++ids}`,
  email: `creator${ids}@example.in`,
  ownerName: 'Asha Patil',
  role: 'influencer',
  mobile: '+91 98765 43210',
  passwordHash: null,
  googleSub: null,
  emailProof: 'email_otp',
  registeredAt: '2026-01-01T09:00:00.000Z',
  ...overrides,
});

/** The events one wizard save makes on an entry's profile. */
export const saveEvents = (
  entry: DirectoryEntry,
  changes: ProfileUpdateRequest,
): ProfileEvent[] => [
  ...asEventList(
    profileDecider.decide(
      {
        type: 'UpdateProfile',
        data: {
          changes: profileUpdateRequest.parse(changes),
          newIds: Array.from({ length: 60 }, () => `id-${++ids}`),
        },
        metadata: testMetadata(),
      },
      profileStateOf(entry),
    ),
  ),
];

export const save = (
  entry: DirectoryEntry,
  changes: ProfileUpdateRequest,
  at = '2026-01-02T09:00:00.000Z',
): DirectoryEntry =>
  saveEvents(entry, changes).reduce((current, event) => evolveEntry(current, event, at), entry);

/** A creator who registered and saved the wizard once. */
export const creator = (
  changes: ProfileUpdateRequest,
  overrides: Partial<AccountRegistered['data']> = {},
): DirectoryEntry => save(registeredEntry(registration(overrides))!, changes);

/** The whole wizard of a complete profile (the test fixture's creator). */
export const completeWizard = (
  overrides: Partial<ProfileUpdateRequest> = {},
): ProfileUpdateRequest => ({
  ownerName: 'Asha Patil',
  mobile: '+91 98765 43210',
  whatsapp: '+91 98765 43210',
  description: 'Home chef sharing quick Maharashtrian recipes.',
  profilePicUrl: '/uploads/asha.png',
  socialMediaPlatforms: ['instagram', 'youtube'],
  adCategories: ['kitchenware', 'spices'],
  pageContentCategory: ['cooking', 'regional-cuisine'],
  averageAudienceType: ['foodies', 'home-cooks'],
  averageLocationOfAudience: ['Navi Mumbai, Maharashtra', 'Pune'],
  pricing: { storyPost: 1500, feedPost: 3000, reel: 5000 },
  profileDetails: [
    {
      platform: 'instagram',
      profileName: 'asha.cooks',
      profilePicUrl: 'https://instagram.com/asha.cooks',
      followers: '12.5k',
    },
    {
      platform: 'youtube',
      profileName: '@AshaCooksTV',
      profilePicUrl: 'https://youtube.com/@AshaCooksTV',
      followers: 42_000,
    },
  ],
  ...overrides,
});
