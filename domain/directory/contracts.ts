/**
 * The directory's answers (shared by the server and the user app).
 * The request of `GET /api/pageowners/users` is `directoryQuery` in search.ts.
 */
import type { ProfileView } from '../profiles/contracts.ts';
import type { DirectoryAccount, DirectoryFigures } from './entry.ts';
import type { DiscoveryPager } from './pager.ts';
import type { DirectoryView } from './search.ts';
import type { VisibilityLevel } from './visibility.ts';

/**
 * One creator in the directory: the public profile (ProfileView's fields, so the detail modal
 * shows an item as it shows a profile) without any contact field or balance, plus what the cards
 * and filters show.
 */
export type DirectoryItem = Omit<
  ProfileView,
  'email' | 'mobile' | 'whatsapp' | 'linkCoins' | 'profileDetails' | 'role'
> & {
  role: 'influencer';
  profileDetails: DirectoryAccount[];
} & DirectoryFigures & {
    /** In the first 30 days after sign-up (boosted in the default order). */
    isNew: boolean;
    /** A demo account made by `make seed`. */
    demo: boolean;
    /**
     * In the brand's own Best match for you (`sort=match`) only: why this creator, one short
     * phrase each ("Matches your searches for Fashion", "audience in Mumbai").
     */
    reasons?: string[];
  };

export type DirectoryAnswer = {
  success: true;
  data: DirectoryItem[];
  /** The spec's page count; in the discovery view, the pages this viewer may open. */
  totalPages: number;
  page: number;
  limit: number;
  /** Matching creators (in the discovery view, all of them, opened or not). */
  total: number;
  view: DirectoryView;
  /** The pager of both views: pages of 10, what is open and what LinkCoins unlock. */
  pager: DiscoveryPager;
};

/** `GET /api/pageowners/visibility/:userId`: where a creator stands on the visibility bar. */
export type VisibilityAnswer = {
  success: true;
  userId: string;
  level: VisibilityLevel;
  /** 40, 100 or 150 (docs/product-spec.md section 1). */
  percent: number;
  next: Readonly<{ level: VisibilityLevel; percent: number }> | null;
  /** What would raise the level, in the wizard's words. */
  missing: readonly Readonly<{ key: string; label: string }>[];
  boost: Readonly<{ active: boolean; days: number; endsAt: string }>;
};
