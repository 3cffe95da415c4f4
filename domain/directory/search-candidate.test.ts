import { describe, expect, it } from 'vitest';
import type { ProfileUpdateRequest } from '../profiles/contracts.ts';
import { PROFILE_EVENT_TYPES, type ProfileEvent } from '../profiles/profile.ts';
import { evolveEntry, registeredEntry, type DirectoryEntry } from './entry.ts';
import type { ReplyTimeChanged } from './listing.ts';
import { becameMatch } from './saved-searches.ts';
import { directoryQuery } from './search.ts';
import {
  candidateEntry,
  evolveCandidate,
  mayMatch,
  registeredCandidate,
  sameCandidate,
  SEARCH_PROFILE_EVENT_TYPES,
  type SearchCandidate,
} from './search-candidate.ts';
import { completeWizard, registration, saveEvents } from './testing.ts';

/** A creator folded both ways: the directory's entry and the alerts' candidate. */
type Both = { entry: DirectoryEntry; candidate: SearchCandidate };

const AT = '2026-01-02T09:00:00.000Z';

const apply = (both: Both, events: readonly (ProfileEvent | ReplyTimeChanged)[]): Both =>
  events.reduce(
    ({ entry, candidate }, event) => ({
      entry: evolveEntry(entry, event, AT),
      candidate: evolveCandidate(candidate, event),
    }),
    both,
  );

const registered = (): Both => {
  const data = registration({ ownerName: 'Asha Patil' });
  return { entry: registeredEntry(data)!, candidate: registeredCandidate(data)! };
};

const saved = (both: Both, changes: ProfileUpdateRequest): Both =>
  apply(both, saveEvents(both.entry, changes));

const verified = (both: Both): Both =>
  apply(both, [
    {
      type: 'SocialAccountVerified',
      data: {
        accountId: both.entry.profileDetails[0]!.id,
        method: 'instagram_otp',
        followers: null,
        verificationId: 'verification-1',
        at: AT,
      },
    },
  ]);

/** What a saved search's match and its notice read of an entry. */
const searched = (entry: DirectoryEntry) => ({
  ownerName: entry.ownerName,
  handle: entry.handle,
  description: entry.description,
  handles: entry.handles,
  categoryLabels: entry.categoryLabels,
  adCategories: entry.adCategories,
  pageContentCategory: entry.pageContentCategory,
  platforms: entry.platforms,
  averageAudienceType: entry.averageAudienceType,
  locationKeys: entry.locationKeys,
  followers: entry.followers,
  verified: entry.verified,
  replyHours: entry.replyHours,
  repliesFast: entry.repliesFast,
});

const filters = (query: Record<string, string>) => {
  const {
    page: _p,
    limit: _l,
    sort: _s,
    view: _v,
    match: _m,
    ...rest
  } = directoryQuery.parse(query);
  return rest;
};

describe("a saved search's candidate", () => {
  it('is made for creators only, and keeps no contact field, link, price or post', () => {
    expect(registeredCandidate(registration({ role: 'user' }))).toBeNull();
    const { candidate } = verified(saved(registered(), completeWizard()));
    const text = JSON.stringify(candidate);
    for (const secret of ['98765', '@example.in', 'https://', '/uploads/', '1500'])
      expect(text).not.toContain(secret);
  });

  it("gives the directory's own entry for every field a search reads, event by event", () => {
    let both = registered();
    const check = () =>
      expect(searched(candidateEntry(both.candidate))).toEqual(searched(both.entry));
    check();
    both = saved(both, { adCategories: ['kitchenware'], pageContentCategory: ['cooking'] });
    check();
    both = saved(both, completeWizard());
    check();
    both = verified(both);
    check();
    both = saved(both, {
      ...completeWizard({ ownerName: 'Asha P', description: 'Vegan recipes, every week.' }),
      averageLocationOfAudience: ['Nagpur'],
      socialMediaPlatforms: ['youtube', 'facebook'],
    });
    check();
    both = apply(both, [
      { type: 'ReplyTimeChanged', data: { userId: both.entry.id, replyHours: 2, at: AT } },
    ]);
    check();
    both = saved(both, { profileDetails: [] });
    check();
    expect(mayMatch(both.candidate)).toBe(false);
  });

  it('follows only the events that can change a match, and is unchanged by the rest', () => {
    expect(SEARCH_PROFILE_EVENT_TYPES).not.toContain('PricingSet');
    expect(SEARCH_PROFILE_EVENT_TYPES).not.toContain('PastPostAdded');
    expect(SEARCH_PROFILE_EVENT_TYPES).not.toContain('ProfilePictureChanged');
    expect(SEARCH_PROFILE_EVENT_TYPES).toContain('PersonalDetailsUpdated');
    expect(SEARCH_PROFILE_EVENT_TYPES).toContain('SocialAccountVerified');
    const both = verified(saved(registered(), completeWizard()));
    const skipped = saveEvents(
      both.entry,
      completeWizard({
        mobile: '+91 91234 56789',
        profilePicUrl: '/uploads/another.png',
        pricing: { storyPost: 99, feedPost: null, reel: 5 },
        pastPosts: [],
      }),
    );
    expect(skipped.map((event) => event.type)).toEqual(
      expect.arrayContaining(['PersonalDetailsUpdated', 'ProfilePictureChanged', 'PricingSet']),
    );
    const after = apply(both, skipped);
    // What the directory changed, no search reads: the candidate is the same and so is every
    // search's answer (no new match, no write).
    expect(sameCandidate(both.candidate, after.candidate)).toBe(true);
    expect(searched(after.entry)).toEqual(searched(both.entry));
    // Every profile event is decided one way or the other.
    expect(PROFILE_EVENT_TYPES.filter((t) => !SEARCH_PROFILE_EVENT_TYPES.includes(t))).toEqual([
      'CompanyNameChanged',
      'ProfilePictureChanged',
      'PricingSet',
      'PastPostAdded',
      'PastPostUpdated',
      'PastPostRemoved',
      'PastPostsOrdered',
    ]);
  });

  it('becomes a match once verified, and only then', () => {
    const kitchen = filters({ adCategories: 'kitchenware', minFollowers: '10k' });
    const unverified = saved(registered(), completeWizard());
    expect(mayMatch(unverified.candidate)).toBe(false);
    expect(becameMatch(null, candidateEntry(unverified.candidate), kitchen)).toBe(false);
    const now = verified(unverified);
    expect(mayMatch(now.candidate)).toBe(true);
    expect(
      becameMatch(candidateEntry(unverified.candidate), candidateEntry(now.candidate), kitchen),
    ).toBe(true);
    expect(becameMatch(unverified.entry, now.entry, kitchen)).toBe(true);
  });
});
