/**
 * Every limit on uploaded images, in one place: the image checks of infra/images and the
 * per-user quota and orphan rule of uploads.ts read them from here.
 */

/** Images wider or taller than this are refused before they are decoded. */
export const IMAGE_MAX_SIDE = 10_000;
/** Images with more pixels than this (all frames together for an animation) are refused. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Uploads one user may make in any 24 hours (kept or discarded since). */
export const MAX_UPLOADS_PER_DAY = 30;
export const UPLOAD_COUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The bytes of the images a user has stored and not discarded. */
export const MAX_LIVE_UPLOAD_BYTES = 100 * 1024 * 1024;

/** An upload no profile refers to this long after it was made is an orphan, and is removed. */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
