import { describe, expect, it } from 'vitest';
import { evolveEntry, profileStateOf, registeredEntry, withProfile } from './entry.ts';
import { rankOf } from './ranking.ts';
import { completeWizard, creator, registration, save } from './testing.ts';

describe('a directory entry', () => {
  it('is made for creators only, boosted from sign-up, marked demo by its e-mail domain', () => {
    expect(registeredEntry(registration({ role: 'user' }))).toBeNull();
    expect(registeredEntry(registration({ role: 'admin' }))).toBeNull();
    const entry = registeredEntry(registration({ email: 'creator-00001@demo.linkcoin.local' }))!;
    expect(entry).toMatchObject({
      ownerName: 'Asha Patil',
      boosted: true,
      demo: true,
      visibility: 'basic',
      followers: 0,
      isOnline: false,
      registeredAt: '2026-01-01T09:00:00.000Z',
    });
    expect(registeredEntry(registration())!.demo).toBe(false);
  });

  it('derives what search, filters, sorting and the cards need from the wizard', () => {
    const entry = creator(completeWizard({ socialMediaPlatforms: ['instagram', 'facebook'] }));
    expect(entry).toMatchObject({
      description: 'Home chef sharing quick Maharashtrian recipes.',
      platforms: ['instagram', 'facebook', 'youtube'],
      handles: ['asha.cooks', '@AshaCooksTV'],
      categoryLabels: ['Kitchenware', 'Spices', 'Cooking', 'Regional Cuisine'],
      followers: 42_000,
      followersLabel: '42K',
      instagramFollowers: 12_500,
      instagramFollowersLabel: '12.5k',
      minPrice: 1500,
      priceKey: 1500,
      visibility: 'complete',
      verified: false,
      rank: rankOf({ visibility: 'complete', followers: 42_000, boosted: true }),
    });
    expect(entry.locationKeys).toEqual(
      expect.arrayContaining([
        'navi mumbai, maharashtra',
        'navi mumbai',
        'maharashtra',
        'mumbai',
        'pune',
      ]),
    );
    expect(entry.profileDetails.map((a) => a.followersLabel)).toEqual(['12.5k', '42K']);
  });

  it('never keeps a contact field', () => {
    const entry = creator(completeWizard());
    const text = JSON.stringify(entry);
    expect(text).not.toContain('98765');
    expect(text).not.toContain('@example.in');
    for (const field of ['email', 'mobile', 'whatsapp', 'linkCoins'])
      expect(entry).not.toHaveProperty(field);
  });

  it('sorts Negotiable after every price', () => {
    const negotiable = creator(
      completeWizard({ pricing: { storyPost: null, feedPost: null, reel: null } }),
    );
    expect(negotiable.minPrice).toBeNull();
    expect(negotiable.priceKey).toBeGreaterThan(100_000_000);
    expect(negotiable.visibility).toBe('basic');
  });

  it('is verified, and ranks higher, once an account is verified', () => {
    const entry = creator(completeWizard());
    const verified = evolveEntry(
      entry,
      {
        type: 'SocialAccountVerified',
        data: {
          accountId: entry.profileDetails[1]!.id,
          method: 'youtube_oauth',
          followers: 50_000,
          verificationId: 'v1',
          at: '2026-01-03T00:00:00.000Z',
        },
      },
      '2026-01-03T00:00:00.000Z',
    );
    expect(verified).toMatchObject({
      verified: true,
      verifiedPlatforms: ['youtube'],
      visibility: 'verified',
      followers: 50_000,
      updatedAt: '2026-01-03T00:00:00.000Z',
    });
    expect(verified.rank).toBeGreaterThan(entry.rank);
  });

  it('follows presence without touching the rank, and loses the boost after 30 days', () => {
    const entry = creator(completeWizard());
    const online = evolveEntry(
      entry,
      { type: 'PresenceChanged', data: { userId: entry.id, online: true, at: 'now' } },
      'now',
    );
    expect(online.isOnline).toBe(true);
    expect(online.rank).toBe(entry.rank);
    const settled = evolveEntry(
      online,
      {
        type: 'NewCreatorBoostEnded',
        data: {
          userId: entry.id,
          registeredAt: entry.registeredAt,
          at: '2026-01-31T09:00:00.000Z',
        },
      },
      '2026-01-31T09:00:00.000Z',
    );
    expect(settled.boosted).toBe(false);
    expect(settled.rank).toBe(
      rankOf({ visibility: 'complete', followers: 42_000, boosted: false }),
    );
    expect(settled.isOnline).toBe(true);
  });

  it('keeps the registered name until the wizard names the creator, then follows it', () => {
    const entry = registeredEntry(registration({ ownerName: 'First Name' }))!;
    expect(save(entry, { description: 'Hello' }).ownerName).toBe('First Name');
    expect(save(entry, { ownerName: 'Renamed' }).ownerName).toBe('Renamed');
  });

  it('keeps the labels and places it derived while their lists stay, and derives them again when not', () => {
    let entry = creator(completeWizard());
    const fresh = () => withProfile(entry, profileStateOf(entry));
    entry = save(entry, { description: 'Only the description changes.' });
    expect(entry).toEqual(fresh());
    entry = save(entry, { averageLocationOfAudience: ['Nagpur, Maharashtra'] });
    expect(entry.locationKeys).toEqual(['nagpur, maharashtra', 'nagpur', 'maharashtra']);
    expect(entry).toEqual(fresh());
    entry = save(entry, { adCategories: ['spices'], pageContentCategory: [] });
    expect(entry.categoryLabels).toEqual(['Spices']);
    expect(entry).toEqual(fresh());
  });
});
