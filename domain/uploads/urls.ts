import { isSafeHttpsUrl, MAX_URL_LENGTH } from '../shared/links.ts';

/**
 * Pictures are shown only from our own upload storage (issue 7, deliverable 3): an outside
 * picture URL would let its host see every visitor (a tracking pixel). Each storage adapter
 * names the prefixes its URLs start with (UploadStorage.urlPrefixes): `/uploads/` for the local
 * store, served by the API on our own origin, and the hosted service's delivery base, such as
 * `https://res.cloudinary.com/<cloud>/image/upload/`.
 */

/** Where the local store's files are served, on our own origin. */
export const LOCAL_UPLOAD_PREFIX = '/uploads/';

/**
 * What may follow a prefix: path segments of letters, digits, `_`, `-` and `,` (a hosted
 * service's transformations), dots only inside a segment. No `..`, no query, no fragment.
 */
const STORED_PATH = /^[\w,-]+(?:\.[\w,-]+)*(?:\/[\w,-]+(?:\.[\w,-]+)*)*$/;

/** A prefix an upload store may declare: `/uploads/`-like on our origin, or an https base. */
export const isUploadPrefix = (prefix: string): boolean =>
  prefix.endsWith('/') && (/^\/[\w-]+(?:\/[\w-]+)*\/$/.test(prefix) || isSafeHttpsUrl(prefix));

/**
 * Whether `url` names a file of our upload storage, whose URLs start with one of `prefixes`
 * (UploadStorage.urlPrefixes). Checked as given: the caller trims.
 */
export const isUploadedImageUrl = (url: string, prefixes: readonly string[]): boolean =>
  url.length <= MAX_URL_LENGTH &&
  prefixes.some(
    (prefix) =>
      isUploadPrefix(prefix) &&
      url.startsWith(prefix) &&
      STORED_PATH.test(url.slice(prefix.length)),
  );

/**
 * Which picture URLs are ours. `null` means "not known here": the front ends validate the shape
 * only (an uploaded file's path, or an https address, since they do not know the hosted
 * service's base), and the server, which knows its storage, decides.
 */
export type ImageUrlRule = (url: string) => boolean;

export const uploadedImagesOnly =
  (prefixes: readonly string[]): ImageUrlRule =>
  (url) =>
    isUploadedImageUrl(url, prefixes);

/** The shape a picture URL must have when the storage is not known (the front ends). */
export const plausibleImageUrl: ImageUrlRule = (url) =>
  isUploadedImageUrl(url, [LOCAL_UPLOAD_PREFIX]) || isSafeHttpsUrl(url);
