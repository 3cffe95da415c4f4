import { describe, expect, it } from 'vitest';
import { cardCategories, followersText, startingPriceText } from './card-display';

describe('a directory card', () => {
  it.each([
    [{ followers: 1_234_567, followersLabel: '' }, '1.2M followers'],
    [{ followers: 12_900, followersLabel: '' }, '12K followers'],
    [{ followers: 999, followersLabel: '' }, '999 followers'],
    [{ followers: 0 }, '0 followers'],
    // A k/M text is shown as the creator typed it (docs/product-spec.md section 5).
    [{ followers: 12_500, followersLabel: '12.5k' }, '12.5k followers'],
  ])('shows followers as docs/product-spec.md section 5 does: %o', (item, text) => {
    expect(followersText(item)).toBe(text);
  });

  it('shows the lowest price, or Negotiable without one', () => {
    expect(startingPriceText({ storyPost: 1500, feedPost: null, reel: 900 })).toMatch(
      /^From ₹\s?900$/,
    );
    expect(startingPriceText({ storyPost: null, feedPost: null, reel: null })).toBe('Negotiable');
  });

  it('shows three categories by label and counts the rest', () => {
    expect(
      cardCategories({
        adCategories: ['skincare', 'smartphones'],
        pageContentCategory: ['comedy', 'yoga'],
      }),
    ).toEqual({ labels: ['Skincare', 'Smartphones', 'Comedy'], more: 1 });
  });
});
