/**
 * The broad parents of the category lists (issue 19: 162 flat entries are hard to scan): each
 * list is ordered by theme, so a group is named by its first value and runs to the next group's.
 * The wizard groups its pickers by them and suggests categories from the groups a creator
 * already chose.
 */
import { CONTENT_TOPICS, PRODUCT_CATEGORIES, type Option } from './options.ts';

type GroupStart = readonly [label: string, firstValue: string];

const PRODUCT_GROUPS: readonly GroupStart[] = [
  ['Electronics & gadgets', 'smartphones'],
  ['Beauty & personal care', 'skincare'],
  ['Health & fitness', 'supplements'],
  ['Fashion & accessories', 'womens-clothing'],
  ['Kids, books & hobbies', 'baby-care'],
  ['Pets', 'pet-food'],
  ['Home & garden', 'home-decor'],
  ['Food & drink', 'packaged-food'],
  ['Automotive', 'cars'],
  ['Travel', 'hotels'],
  ['Finance & property', 'banking'],
  ['Education', 'education'],
  ['Software & telecom', 'software'],
  ['Entertainment & apps', 'ott-platforms'],
  ['Health & wellness services', 'healthcare-services'],
  ['Occasions & gifts', 'astrology'],
  ['Work, causes & shopping', 'non-profits-and-causes'],
];

const TOPIC_GROUPS: readonly GroupStart[] = [
  ['Technology & business', 'artificial-intelligence'],
  ['Money & careers', 'personal-finance'],
  ['Mind & self-improvement', 'productivity'],
  ['Fitness & health', 'yoga'],
  ['Food', 'cooking'],
  ['Travel & culture', 'travel'],
  ['Film & photography', 'photography'],
  ['Music, comedy & stories', 'music'],
  ['Learning', 'books'],
  ['Mystery & true crime', 'true-crime'],
  ['News, causes & nature', 'news-and-politics'],
  ['Pets & home', 'pets'],
  ['Art & crafts', 'diy'],
  ['Fashion & beauty', 'fashion'],
  ['Family & lifestyle', 'parenting'],
  ['Spirituality', 'spirituality'],
  ['Gaming', 'gaming'],
  ['Sports', 'cricket'],
  ['Vehicles & more', 'cars'],
  ['Animation & more', 'animation'],
];

export type OptionGroups = Readonly<{
  /** The group of a value (every value of the list has one). */
  groupOf: (value: string) => string;
  /** The groups in list order, each with its values. */
  groups: readonly Readonly<{ label: string; values: readonly string[] }>[];
}>;

const grouped = (options: readonly Option[], starts: readonly GroupStart[]): OptionGroups => {
  const byValue = new Map<string, string>();
  const groups: { label: string; values: string[] }[] = [];
  const firsts = new Map(starts.map(([label, first]) => [first, label]));
  let current = starts[0]?.[0] ?? 'Other';
  for (const option of options) {
    const starting = firsts.get(option.value);
    // A value listed twice (the lists repeat a few) keeps the group of its first place.
    if (byValue.has(option.value)) continue;
    if (starting !== undefined && !groups.some((g) => g.label === starting)) current = starting;
    let group = groups.find((g) => g.label === current);
    if (!group) groups.push((group = { label: current, values: [] }));
    group.values.push(option.value);
    byValue.set(option.value, current);
  }
  return { groupOf: (value) => byValue.get(value) ?? 'Other', groups };
};

export const PRODUCT_CATEGORY_GROUPS: OptionGroups = grouped(PRODUCT_CATEGORIES, PRODUCT_GROUPS);
export const CONTENT_TOPIC_GROUPS: OptionGroups = grouped(CONTENT_TOPICS, TOPIC_GROUPS);

/**
 * Suggestions related to what was chosen: values not chosen yet from the groups already chosen
 * from, in list order; then one from each other group, so a creator who chose nothing sees the
 * range of the list rather than random entries.
 */
export function relatedSuggestions(
  groups: OptionGroups,
  chosen: readonly string[],
  count: number,
): string[] {
  const taken = new Set(chosen);
  const chosenGroups = new Set(chosen.map((value) => groups.groupOf(value)));
  const related = groups.groups
    .filter((group) => chosenGroups.has(group.label))
    .flatMap((group) => group.values.filter((value) => !taken.has(value)));
  const variety = groups.groups
    .filter((group) => !chosenGroups.has(group.label))
    .flatMap((group) => group.values.filter((value) => !taken.has(value)).slice(0, 1));
  return [...related, ...variety].slice(0, count);
}
