import { describe, expect, it } from 'vitest';
import {
  CONTENT_TOPIC_GROUPS,
  PRODUCT_CATEGORY_GROUPS,
  relatedSuggestions,
} from './option-groups.ts';
import { CONTENT_TOPICS, PRODUCT_CATEGORIES } from './options.ts';

describe('category groups', () => {
  it('put every category under one broad parent, in list order', () => {
    for (const [groups, options, count] of [
      [PRODUCT_CATEGORY_GROUPS, PRODUCT_CATEGORIES, 17],
      [CONTENT_TOPIC_GROUPS, CONTENT_TOPICS, 20],
    ] as const) {
      expect(groups.groups).toHaveLength(count);
      const values = new Set(options.map((option) => option.value));
      expect(new Set(groups.groups.flatMap((group) => group.values))).toEqual(values);
      for (const option of options) expect(groups.groupOf(option.value)).not.toBe('Other');
    }
    expect(PRODUCT_CATEGORY_GROUPS.groupOf('skincare')).toBe('Beauty & personal care');
    expect(CONTENT_TOPIC_GROUPS.groupOf('street-food')).toBe('Food');
  });

  it('suggest from the groups already chosen from, then one of each other group', () => {
    const suggested = relatedSuggestions(PRODUCT_CATEGORY_GROUPS, ['skincare'], 4);
    expect(suggested).toEqual(['haircare', 'makeup', 'fragrances', 'mens-grooming']);
    const fresh = relatedSuggestions(PRODUCT_CATEGORY_GROUPS, [], 3);
    expect(fresh).toEqual(['smartphones', 'skincare', 'supplements']);
  });
});
