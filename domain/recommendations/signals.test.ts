import { describe, expect, it } from 'vitest';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { RECOMMENDATION_MESSAGES as M } from './messages.ts';
import {
  emptyBrandProfile,
  foldAdded,
  foldRemoved,
  foldSearches,
  MAX_VALUES_PER_KIND,
} from './profile.ts';
import { brandSignalsDecider, type SearchSignal } from './signals.ts';

const spec = DeciderSpecification.for(brandSignalsDecider);
const at = testMetadata().now.toISOString();
const search = (overrides: Partial<SearchSignal> = {}): SearchSignal => ({
  adCategories: [],
  pageContentCategory: ['fashion'],
  platforms: [],
  locations: ['mumbai'],
  count: 1,
  ...overrides,
});

describe('brand signals', () => {
  it('records a flush of searches, refuses malformed ones, and nothing for none', () => {
    spec()
      .when({
        type: 'RecordBrandSearches',
        data: { brandId: 'b', searches: [search()] },
        metadata: testMetadata(),
      })
      .then({ type: 'BrandSearchesRecorded', data: { brandId: 'b', searches: [search()], at } });
    spec()
      .when({
        type: 'RecordBrandSearches',
        data: { brandId: 'b', searches: [] },
        metadata: testMetadata(),
      })
      .thenNothingHappens();
    spec()
      .when({
        type: 'RecordBrandSearches',
        data: { brandId: 'b', searches: [search({ pageContentCategory: ['not-a-topic'] })] },
        metadata: testMetadata(),
      })
      .thenRefused('validation', M.badSearches);
    spec()
      .when({
        type: 'RecordBrandSearches',
        data: { brandId: 'b', searches: [search({ count: 0 })] },
        metadata: testMetadata(),
      })
      .thenRefused('validation', M.badSearches);
  });

  it('keeps picked interests in the list order, once, and appends nothing for the same pick', () => {
    const chosen = {
      type: 'BrandInterestsChosen' as const,
      data: { brandId: 'b', interests: ['Beauty & personal care', 'Fashion & accessories'], at },
    };
    spec()
      .when({
        type: 'ChooseInterests',
        data: {
          brandId: 'b',
          interests: ['Fashion & accessories', 'Beauty & personal care', 'Fashion & accessories'],
        },
        metadata: testMetadata(),
      })
      .then(chosen);
    spec(chosen)
      .when({
        type: 'ChooseInterests',
        data: { brandId: 'b', interests: ['Fashion & accessories', 'Beauty & personal care'] },
        metadata: testMetadata(),
      })
      .thenNothingHappens();
    spec()
      .when({
        type: 'ChooseInterests',
        data: { brandId: 'b', interests: ['Rockets'] },
        metadata: testMetadata(),
      })
      .thenRefused('validation', M.unknownInterest);
  });
});

describe('the brand profile', () => {
  it('folds searches, keeps at most the bound per kind, and follows the list', () => {
    let profile = emptyBrandProfile('b');
    for (let i = 0; i < MAX_VALUES_PER_KIND + 10; i++) {
      profile = foldSearches(profile, {
        brandId: 'b',
        at,
        searches: [search({ locations: [`place ${i}`], count: i === 3 ? 9 : 1 })],
      });
    }
    expect(Object.keys(profile.locations)).toHaveLength(MAX_VALUES_PER_KIND);
    expect(profile.locations['place 3']).toBe(9);
    expect(profile.topics.fashion).toBe(MAX_VALUES_PER_KIND + 18);
    profile = foldAdded(foldAdded(profile, 'c1'), 'c2');
    expect(foldRemoved(profile, 'c1').listed).toEqual(['c2']);
  });
});
