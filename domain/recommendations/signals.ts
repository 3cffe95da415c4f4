/**
 * A brand's own signals for "Recommended for you" (issue 24, item 3), on the brand's own stream
 * `brandsignals-{brandId}`: the directory searches it made (counted in memory by the API process
 * and written at each analytics flush as one `BrandSearchesRecorded` event per brand, see
 * services/platform/analytics/recorder.ts) and the interests it picked on its first visit
 * (`BrandInterestsChosen`). Only that brand's recommendations read them; no endpoint shows them
 * to anyone else.
 */
import { PRODUCT_CATEGORY_GROUPS } from '../profiles/option-groups.ts';
import { CONTENT_TOPICS, PLATFORMS, PRODUCT_CATEGORIES, valuesOf } from '../profiles/options.ts';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import { RECOMMENDATION_MESSAGES as M } from './messages.ts';

export const brandSignalsStreamId = (brandId: string): string => `brandsignals-${brandId}`;

/** The interests a brand may pick: the broad groups of the product categories (17 chips). */
export const INTEREST_CHOICES: readonly string[] = PRODUCT_CATEGORY_GROUPS.groups.map(
  (group) => group.label,
);
export const MAX_INTERESTS = INTEREST_CHOICES.length;

/** The product categories of a picked interest (a group label). */
export const categoriesOfInterest = (interest: string): readonly string[] =>
  PRODUCT_CATEGORY_GROUPS.groups.find((group) => group.label === interest)?.values ?? [];

/** One distinct search of a flush window and how often the brand made it. */
export type SearchSignal = Readonly<{
  adCategories: readonly string[];
  pageContentCategory: readonly string[];
  platforms: readonly string[];
  /** Folded places (locationKey), as the directory's filter holds them. */
  locations: readonly string[];
  count: number;
}>;

/** At most this many distinct searches of one brand in one flush (the rest counted as dropped). */
export const MAX_SEARCHES_PER_FLUSH = 20;
/** At most this many values of one kind in one search (the directory's own list limit). */
export const MAX_VALUES_PER_SEARCH = 30;
const MAX_LOCATION_KEY = 60;

export type BrandSearchesRecorded = Event<
  'BrandSearchesRecorded',
  { brandId: string; searches: readonly SearchSignal[]; at: string }
>;
export type BrandInterestsChosen = Event<
  'BrandInterestsChosen',
  { brandId: string; interests: readonly string[]; at: string }
>;
export type BrandSignalsEvent = BrandSearchesRecorded | BrandInterestsChosen;

export type RecordBrandSearches = Command<
  'RecordBrandSearches',
  Readonly<{ brandId: string; searches: readonly SearchSignal[] }>
>;
export type ChooseInterests = Command<
  'ChooseInterests',
  Readonly<{ brandId: string; interests: readonly string[] }>
>;
export type BrandSignalsCommand = RecordBrandSearches | ChooseInterests;

export type BrandSignalsState = Readonly<{ interests: readonly string[] | null }>;

const known = {
  adCategories: new Set(valuesOf(PRODUCT_CATEGORIES)),
  pageContentCategory: new Set(valuesOf(CONTENT_TOPICS)),
  platforms: new Set(valuesOf(PLATFORMS)),
};

const wellFormed = (search: SearchSignal): boolean =>
  Number.isInteger(search.count) &&
  search.count > 0 &&
  (['adCategories', 'pageContentCategory', 'platforms'] as const).every(
    (kind) =>
      search[kind].length <= MAX_VALUES_PER_SEARCH &&
      search[kind].every((value) => known[kind].has(value)),
  ) &&
  search.locations.length <= MAX_VALUES_PER_SEARCH &&
  search.locations.every((key) => key.length > 0 && key.length <= MAX_LOCATION_KEY);

/** The interests in the order of the list, each once; refused when one is not on it. */
export const interestsOf = (picked: readonly string[]): string[] => {
  const set = new Set(picked);
  if (set.size > MAX_INTERESTS) throw new DomainError('validation', M.tooManyInterests);
  if ([...set].some((interest) => !INTEREST_CHOICES.includes(interest))) {
    throw new DomainError('validation', M.unknownInterest);
  }
  return INTEREST_CHOICES.filter((choice) => set.has(choice));
};

export const brandSignalsDecider: Decider<
  BrandSignalsState,
  BrandSignalsCommand,
  BrandSignalsEvent
> = {
  initialState: () => ({ interests: null }),
  decide: (command, state) => {
    const at = command.metadata.now.toISOString();
    switch (command.type) {
      case 'RecordBrandSearches': {
        const { brandId, searches } = command.data;
        if (searches.length === 0) return [];
        if (searches.length > MAX_SEARCHES_PER_FLUSH || !searches.every(wellFormed)) {
          throw new DomainError('validation', M.badSearches);
        }
        return { type: 'BrandSearchesRecorded', data: { brandId, searches, at } };
      }
      case 'ChooseInterests': {
        const interests = interestsOf(command.data.interests);
        const before = state.interests;
        if (before && before.join('\n') === interests.join('\n')) return [];
        return {
          type: 'BrandInterestsChosen',
          data: { brandId: command.data.brandId, interests, at },
        };
      }
    }
  },
  evolve: (state, event) =>
    event.type === 'BrandInterestsChosen' ? { interests: event.data.interests } : state,
};
