/** docs/product-spec.md section 3: the recommended post image (or video) size for each platform. */
export type MediaKind = 'image' | 'video';
export type RecommendedMedia = Readonly<{ kind: MediaKind; width: number; height: number }>;

const RECOMMENDED: Readonly<Record<string, RecommendedMedia>> = {
  instagram: { kind: 'image', width: 1080, height: 1080 },
  facebook: { kind: 'image', width: 1200, height: 630 },
  twitter: { kind: 'image', width: 1200, height: 675 },
  youtube: { kind: 'video', width: 1280, height: 720 },
  whatsapp: { kind: 'image', width: 1280, height: 720 },
  tiktok: { kind: 'video', width: 1080, height: 1920 },
  linkedin: { kind: 'image', width: 1200, height: 627 },
  pinterest: { kind: 'image', width: 1000, height: 1500 },
};
const UNKNOWN: RecommendedMedia = { kind: 'image', width: 1080, height: 1080 };

export const recommendedMedia = (platform: string): RecommendedMedia =>
  RECOMMENDED[platform] ?? UNKNOWN;

/** Video platforms take a link instead of an uploaded image (spec: YouTube and TikTok). */
export const takesVideoLink = (platform: string): boolean =>
  recommendedMedia(platform).kind === 'video';

const YOUTUBE_LINK =
  /^https?:\/\/(?:www\.|m\.|music\.)?(?:youtube\.com|youtube-nocookie\.com)\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/|v\/)([A-Za-z0-9_-]{11})(?=$|[?&#/])/i;
const YOUTU_BE_LINK = /^https?:\/\/youtu\.be\/([A-Za-z0-9_-]{11})(?=$|[?&#/])/i;

/** The 11-character id of a YouTube video link, or null (spec: embedded only when found). */
export const youTubeVideoId = (link: string): string | null => {
  const text = link.trim();
  return YOUTUBE_LINK.exec(text)?.[1] ?? YOUTU_BE_LINK.exec(text)?.[1] ?? null;
};
