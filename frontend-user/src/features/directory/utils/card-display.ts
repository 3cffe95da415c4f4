import { formatFollowers } from '@linkcoin/domain/profiles/followers.ts';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';
import type { Pricing } from '@linkcoin/domain/profiles/contracts.ts';
import { formatRupees } from '../../../lib/format';

/** docs/product-spec.md section 9: the directory's cards in 4 columns on desktop, fewer on smaller screens. */
export const CARD_COLUMNS = { xs: 1, sm: 2, md: 3, lg: 4 } as const;
export const CARD_GRID_SX = {
  display: 'grid',
  gap: { xs: 2, md: 2.5 },
  gridTemplateColumns: {
    xs: `repeat(${CARD_COLUMNS.xs}, minmax(0, 1fr))`,
    sm: `repeat(${CARD_COLUMNS.sm}, minmax(0, 1fr))`,
    md: `repeat(${CARD_COLUMNS.md}, minmax(0, 1fr))`,
    lg: `repeat(${CARD_COLUMNS.lg}, minmax(0, 1fr))`,
  },
} as const;

/**
 * A card's follower figure (docs/product-spec.md section 5): the server's label when it sent one (a k/M text as
 * the creator typed it), else the count shown as one-decimal M or whole K.
 */
export function followersText(item: { followers: number; followersLabel?: string }): string {
  const label = item.followersLabel?.trim();
  return `${label ? label : formatFollowers(item.followers)} followers`;
}

/** The card's price: the lowest of the three, or Negotiable when none is given. */
export function startingPriceText(pricing: Pricing): string {
  const prices = [pricing.storyPost, pricing.feedPost, pricing.reel].filter(
    (price): price is number => price !== null,
  );
  return prices.length === 0 ? 'Negotiable' : `From ${formatRupees(Math.min(...prices))}`;
}

/** The first categories as chips, and how many more there are. */
export function cardCategories(
  item: { adCategories: readonly string[]; pageContentCategory: readonly string[] },
  shown = 3,
): { labels: string[]; more: number } {
  const all = [...new Set([...item.adCategories, ...item.pageContentCategory])];
  return { labels: all.slice(0, shown).map(labelOf), more: Math.max(0, all.length - shown) };
}
