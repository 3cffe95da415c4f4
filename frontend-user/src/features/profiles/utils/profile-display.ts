import type {
  PastPostView,
  Pricing,
  SocialAccountView,
} from '@linkcoin/domain/profiles/contracts.ts';
import { followersCount, type Followers } from '@linkcoin/domain/profiles/followers.ts';
import { takesVideoLink, youTubeVideoId } from '@linkcoin/domain/profiles/media.ts';
import { safeImageSrc, safeLink } from '@linkcoin/frontend-shared/links/safe-link.ts';
import { formatRupees } from '../../../lib/format';

/** docs/product-spec.md section 2: the header's Instagram follower count is the largest Instagram account's. */
export function instagramFollowers(accounts: readonly SocialAccountView[]): Followers | null {
  const instagram = accounts.filter((account) => account.platform === 'instagram');
  if (instagram.length === 0) return null;
  return instagram.reduce((largest, account) =>
    followersCount(account.followers) > followersCount(largest.followers) ? account : largest,
  ).followers;
}

/** The category chips: ad categories, then page content categories, each once. */
export function categoryValues(profile: {
  adCategories: readonly string[];
  pageContentCategory: readonly string[];
}): string[] {
  return [...new Set([...profile.adCategories, ...profile.pageContentCategory])];
}

export const PRICE_CARDS = [
  { field: 'storyPost', label: 'Story Post' },
  { field: 'feedPost', label: 'Feed Post' },
  { field: 'reel', label: 'Reel' },
] as const satisfies readonly { field: keyof Pricing; label: string }[];

/** A price card's amount: rupees, or Negotiable when the creator gave none. */
export function priceText(price: number | null): string {
  return price === null ? 'Negotiable' : formatRupees(price);
}

export type PostFilter = Readonly<{ platform: string; category: string }>;

/** The posts a Platform / Category choice keeps ('' keeps all). */
export function filterPosts<T extends Pick<PastPostView, 'platform' | 'category'>>(
  posts: readonly T[],
  filter: PostFilter,
): T[] {
  return posts.filter(
    (post) =>
      (filter.platform === '' || post.platform === filter.platform) &&
      (filter.category === '' || post.category === filter.category),
  );
}

/** The distinct values of a field in the posts, in order of first appearance. */
export function distinctValues(
  posts: readonly PastPostView[],
  field: 'platform' | 'category',
): string[] {
  return [...new Set(posts.map((post) => post[field]).filter((value) => value !== ''))];
}

export type PostStrips = Readonly<{
  /** Instagram and other image platforms: image cards, with the image's checked address. */
  images: { post: PastPostView; src: string }[];
  /** YouTube posts with an 11-character video id: muted embeds. */
  videos: { post: PastPostView; videoId: string }[];
  /** Other video links (TikTok…): a card that opens the link. */
  links: PastPostView[];
}>;

/**
 * docs/product-spec.md section 2: image posts in one strip, YouTube videos (only with a video id) in another.
 * A post whose image or link the safe-link helper refuses (legacy data: a javascript: link, an
 * image from anywhere but our uploads or https) is left out rather than shown broken.
 */
export function splitPosts(posts: readonly PastPostView[]): PostStrips {
  const images: { post: PastPostView; src: string }[] = [];
  const videos: { post: PastPostView; videoId: string }[] = [];
  const links: PastPostView[] = [];
  for (const post of posts) {
    if (post.postLink.trim() === '') continue;
    if (post.platform === 'youtube') {
      const videoId = safeLink(post.postLink) ? youTubeVideoId(post.postLink) : null;
      if (videoId) videos.push({ post, videoId });
    } else if (takesVideoLink(post.platform)) {
      if (safeLink(post.postLink)) links.push(post);
    } else {
      const src = safeImageSrc(post.postLink);
      if (src) images.push({ post, src });
    }
  }
  return { images, videos, links };
}

/** The muted, privacy-enhanced embed of a YouTube video. */
export function youTubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}?mute=1`;
}

/** docs/product-spec.md section 2: the strips' arrow buttons scroll 200px. */
export const STRIP_SCROLL_PX = 200;
/** docs/product-spec.md section 9: Instagram cards are 250px wide. */
export const IMAGE_CARD_WIDTH = 250;

/** The generated avatar's initials: the first letters of the first two words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => [...word][0]!.toUpperCase());
  return letters.join('') || '?';
}

const AVATAR_COLOURS = ['#4338ca', '#b45309', '#047857', '#be185d', '#0369a1', '#7c3aed'];

/** The generated avatar's colour: the same name always gets the same colour. */
export function avatarColourOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}
