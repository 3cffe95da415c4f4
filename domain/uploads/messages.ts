import {
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  MAX_LIVE_UPLOAD_BYTES,
  MAX_UPLOADS_PER_DAY,
} from './limits.ts';

const thousands = (n: number) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The pictures a profile save sets (`newPictures`' fields), as a person calls them. */
const PICTURE_NAMES: Readonly<Record<string, string>> = {
  profilePicUrl: 'The profile picture',
  profileDashboardPic: "An account's picture",
  postLink: "A post's picture",
};

/** What the uploader is told, in words; the HTTP edge adds the status named beside each. */
export const UPLOAD_LIMIT_MESSAGES = {
  /** 415: the bytes are no JPEG, PNG, WebP or GIF image (same text as the upload endpoint's). */
  notAnImage: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
  /** 422: the image could not be decoded to its end. */
  damaged: 'The image is damaged or incomplete. Please choose another file.',
  /** 413: past the pixel limits, refused before decoding. */
  tooManyPixels: `The image is too large: at most ${thousands(IMAGE_MAX_SIDE)} pixels on each side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
  /** 413: an animation whose frames together pass the pixel limit. */
  animationTooLarge: `The animation is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels for all its frames together.`,
  /** 403: the user's stored images would pass the storage quota. */
  /** 400: a picture that is not one of the owner's live uploads. */
  notYourUpload: (field: string) =>
    `${PICTURE_NAMES[field] ?? 'This picture'} must be one of your own uploaded images. Upload it here first.`,
  storageFull: `Your uploaded images would take more than ${MAX_LIVE_UPLOAD_BYTES / 1024 / 1024} MB. Remove images you no longer use from your profile: they are deleted within a day.`,
} as const;

/** 429: the daily number of uploads is used up; `waitMs` until the oldest one leaves the window. */
export const uploadLimitReached = (waitMs: number): string => {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const wait = minutes < 60 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour');
  return `You can upload at most ${MAX_UPLOADS_PER_DAY} images a day. Try again in ${wait}.`;
};
