import { describe, expect, it } from 'vitest';
import { emptyBrandProfile, foldAdded, foldSearches, type BrandProfile } from './profile.ts';
import {
  orderByMatch,
  placeName,
  priceBandOf,
  reasonText,
  recommend,
  scoreCreator,
  SEARCH_COUNT_CAP,
  WEIGHT_POPULARITY,
  WEIGHT_PICKED_INTEREST,
  WEIGHT_SEARCHED_LOCATION,
  WEIGHT_SEARCHED_TOPIC,
  type CreatorTraits,
} from './score.ts';

const creator = (id: string, traits: Partial<CreatorTraits> = {}): CreatorTraits => ({
  id,
  ownerName: `Creator ${id}`,
  adCategories: [],
  pageContentCategory: [],
  platforms: ['instagram'],
  locationKeys: [],
  pricing: { reel: null },
  rank: 1,
  verified: true,
  ...traits,
});

const searched = (
  searches: Partial<{
    adCategories: string[];
    pageContentCategory: string[];
    platforms: string[];
    locations: string[];
  }>,
  count = 1,
  profile: BrandProfile = emptyBrandProfile('brand-1'),
): BrandProfile =>
  foldSearches(profile, {
    brandId: profile.id,
    at: '2026-01-15T10:00:00.000Z',
    searches: [
      {
        adCategories: [],
        pageContentCategory: [],
        platforms: [],
        locations: [],
        ...searches,
        count,
      },
    ],
  });

const fashionInMumbai = creator('c-fashion', {
  pageContentCategory: ['fashion'],
  locationKeys: ['mumbai', 'mumbai, maharashtra', 'maharashtra'],
  rank: 2,
});

describe('scoreCreator', () => {
  it('explains every point: searched topic and place, with the named weights', () => {
    const profile = searched({ pageContentCategory: ['fashion'], locations: ['mumbai'] });
    const match = scoreCreator({ profile, listedTraits: [] }, fashionInMumbai);
    expect(reasonText(match.reasons)).toBe(
      'Matches your searches for Fashion · audience in Mumbai',
    );
    expect(match.score).toBe(
      WEIGHT_SEARCHED_TOPIC + WEIGHT_SEARCHED_LOCATION + 2 * WEIGHT_POPULARITY,
    );
  });

  it('counts a repeated search up to the cap', () => {
    const often = searched({ pageContentCategory: ['fashion'] }, 50);
    const match = scoreCreator({ profile: often, listedTraits: [] }, fashionInMumbai);
    expect(match.reasons[0]!.points).toBe(SEARCH_COUNT_CAP * WEIGHT_SEARCHED_TOPIC);
  });

  it('names the list creators it looks like and the list price band', () => {
    const listed = creator('c-listed', {
      ownerName: 'Asha',
      pageContentCategory: ['fashion'],
      pricing: { reel: 1500 },
    });
    const profile = foldAdded(emptyBrandProfile('brand-1'), listed.id);
    const cheap = creator('c-cheap', { pageContentCategory: ['fashion'], pricing: { reel: 1800 } });
    expect(priceBandOf([listed])).toBe(2000);
    expect(reasonText(scoreCreator({ profile, listedTraits: [listed] }, cheap).reasons)).toBe(
      'Like Asha in your list · Reel under ₹2,000',
    );
  });

  it('gives a popular creator a reason even with no signal', () => {
    const match = scoreCreator({ profile: emptyBrandProfile('b'), listedTraits: [] }, creator('x'));
    expect(reasonText(match.reasons)).toBe('Popular verified creator');
  });

  it('scores a picked interest', () => {
    const profile = { ...emptyBrandProfile('b'), interests: ['Fashion & accessories'] };
    const match = scoreCreator(
      { profile, listedTraits: [] },
      creator('x', { adCategories: ['womens-clothing'] }),
    );
    expect(match.reasons[0]).toEqual({
      kind: 'interest',
      text: 'In Fashion & accessories, which you picked',
      points: WEIGHT_PICKED_INTEREST,
    });
  });
});

describe('recommend', () => {
  it('leaves out the list, the brand itself, unverified creators and repeats', () => {
    const profile = foldAdded(searched({ pageContentCategory: ['fashion'] }), 'c-listed');
    const picks = recommend(
      { profile, listedTraits: [] },
      [
        creator('c-listed', { pageContentCategory: ['fashion'] }),
        creator('brand-1'),
        creator('c-hidden', { verified: false, pageContentCategory: ['fashion'] }),
        fashionInMumbai,
        fashionInMumbai,
        creator('c-other'),
      ],
      10,
    );
    expect(picks.map((m) => m.id)).toEqual(['c-fashion', 'c-other']);
  });

  it('breaks ties by rank, then by id, whatever order the candidates came in', () => {
    const profile = emptyBrandProfile('b');
    const candidates = [
      creator('b2', { rank: 1 }),
      creator('a1', { rank: 1 }),
      creator('z9', { rank: 3 }),
    ];
    const order = (list: CreatorTraits[]) =>
      orderByMatch({ profile, listedTraits: [] }, list).map((m) => m.id);
    expect(order(candidates)).toEqual(['z9', 'a1', 'b2']);
    expect(order([...candidates].reverse())).toEqual(['z9', 'a1', 'b2']);
  });
});

describe('placeName', () => {
  it('writes a folded place as a person reads it', () => {
    expect(placeName('navi mumbai, maharashtra')).toBe('Navi Mumbai, Maharashtra');
  });
});
