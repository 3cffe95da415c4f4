/** Followers as people write them: 12500, "12.5k", "1.2M" (docs/product-spec.md section 3). */
export type Followers = number | string;

/** More than any account has: counts past it are refused. */
export const MAX_FOLLOWERS = 10_000_000_000;

const SHORTHAND = /^(\d+(?:\.\d+)?)\s*([kKmM])$/;

/** The number behind a follower count, for sorting and filtering (NaN-free; invalid is 0). */
export const followersCount = (followers: Followers): number => {
  if (typeof followers === 'number')
    return Number.isFinite(followers) && followers > 0 ? Math.floor(followers) : 0;
  const text = followers.trim();
  const match = SHORTHAND.exec(text);
  if (match) {
    const factor = match[2]!.toLowerCase() === 'k' ? 1_000 : 1_000_000;
    return Math.round(Number(match[1]) * factor);
  }
  const plain = Number(text.replaceAll(',', ''));
  return Number.isFinite(plain) && plain > 0 ? Math.floor(plain) : 0;
};

export const isFollowersShorthand = (text: string): boolean => SHORTHAND.test(text.trim());

/**
 * docs/product-spec.md section 5: numbers of a million or more show as one-decimal M, of a thousand or more as
 * whole K; strings containing k or M are shown as they are.
 */
export const formatFollowers = (followers: Followers | null | undefined): string => {
  if (followers === null || followers === undefined || followers === '') return '0';
  if (typeof followers === 'string') {
    if (/[kKmM]/.test(followers)) return followers;
    return formatFollowers(followersCount(followers));
  }
  if (followers >= 1_000_000) return `${(followers / 1_000_000).toFixed(1)}M`;
  if (followers >= 1_000) return `${Math.floor(followers / 1_000)}K`;
  return String(Math.max(0, Math.floor(followers)));
};
