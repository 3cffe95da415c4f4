import type { AccountRegistered } from '@linkcoin/domain/accounts/account.ts';
import type { EarlyAdopterBadgeAwarded } from '@linkcoin/domain/directory/early-adopters.ts';
import {
  evolveEntry,
  registeredEntry,
  type DirectoryEntry,
  type DirectoryEvent,
} from '@linkcoin/domain/directory/entry.ts';
import { TEXT_FIELDS } from '@linkcoin/domain/directory/search.ts';
import { PROFILE_EVENT_TYPES } from '@linkcoin/domain/profiles/profile.ts';
import type { RecordedEvent } from '@linkcoin/domain/shared/messages.ts';
import type { CollectionDefinition } from '@linkcoin/infra/readstore/port.ts';
import type { Projection } from '@linkcoin/infra/readstore/projections.ts';

export const DIRECTORY = 'directory';

/**
 * One document per creator. Every filter and sort is an index: the rank (the default order),
 * followers, the price key and sign-up time as expression indexes, the list filters per element
 * (listIndexes), and the text fields in FTS5 (SQLite) or word tokens (MongoDB).
 */
export const directoryCollection: CollectionDefinition = {
  name: DIRECTORY,
  indexes: [
    // Each sort's whole order (SORT_KEYS, then the id) is one index, so a page, however deep,
    // is read from the index without sorting.
    { fields: ['rank'], order: [-1] },
    // Every creator lists a platform, most of them Instagram: a deep page of one platform by
    // followers is read from one index (per platform), not by checking each creator in turn.
    { fields: ['followers', 'rank'], order: [-1, -1], perListValue: ['platforms'] },
    { fields: ['priceKey', 'rank'], order: [1, -1] },
    { fields: ['registeredAt'], order: [-1] },
    { fields: ['verified', 'rank'], order: [1, -1] },
    { fields: ['replyKey', 'rank'], order: [1, -1] },
  ],
  listIndexes: [
    'adCategories',
    'pageContentCategory',
    'platforms',
    'averageAudienceType',
    'locationKeys',
  ],
  textSearch: [...TEXT_FIELDS],
  // Searches are word starts of two to five letters (a category label's first four): with
  // lists of the three- and four-letter prefixes too, such a word reads one list instead of
  // merging every word it begins (`and` in half the descriptions), at a quarter more text index.
  textPrefixes: [1, 2, 3, 4],
  // A follower range alone (`minFollowers=10k`) is counted from about a hundred bands' counts
  // rather than every creator in it (half the directory for 5k to 200k).
  rangeCounts: ['followers'],
};

const PROFILE_EVENTS = PROFILE_EVENT_TYPES;

/**
 * The user a creator's event belongs to: `profile-42`, `presence-42`, `listing-42` -> `42`; a
 * badge on the seats stream names its creator.
 */
const userOf = (event: RecordedEvent): string =>
  event.type === 'EarlyAdopterBadgeAwarded'
    ? (event as RecordedEvent<EarlyAdopterBadgeAwarded>).data.userId
    : event.streamId.slice(event.streamId.indexOf('-') + 1);

/**
 * The directory: fed by registrations (creators only), the profile's events (a verification
 * reaches it as SocialAccountVerified, which the verification context appends on the profile),
 * presence flips, the listing's events (the end of the new-creator boost, the reply time) and the
 * early-adopter badge.
 */
export const directoryProjection: Projection = {
  name: 'directory',
  // 2: names recorded before they were checked are stored clean (cleanName). 3: names and
  // handles apart (the handle beside the name; old handles searched as handles). 4: the
  // early-adopter badge and the usual reply time.
  version: 4,
  collections: [directoryCollection],
  // apply reads with get alone: a rebuild folds while the store writes (applyBatchAhead).
  rebuildsAhead: true,
  eventTypes: [
    'AccountRegistered',
    ...PROFILE_EVENTS,
    'PresenceChanged',
    'NewCreatorBoostEnded',
    'EarlyAdopterBadgeAwarded',
    'ReplyTimeChanged',
  ],
  apply: async (recorded, tx) => {
    // An entry is JSON data that nothing changes once made (evolveEntry makes a new one,
    // sharing the parts that stay): the store keeps it as it is, without copies (PutOptions).
    if (recorded.type === 'AccountRegistered') {
      const entry = registeredEntry((recorded as RecordedEvent<AccountRegistered>).data);
      if (entry) await tx.put<DirectoryEntry>(DIRECTORY, entry.id, entry, { handOver: true });
      return;
    }
    const userId = userOf(recorded);
    const entry = await tx.get<DirectoryEntry>(DIRECTORY, userId, { shared: true });
    if (!entry) return; // not a creator
    const event = recorded as RecordedEvent<DirectoryEvent>;
    await tx.put<DirectoryEntry>(
      DIRECTORY,
      userId,
      evolveEntry(entry, event, recorded.metadata.timestamp),
      { handOver: true },
    );
  },
};
