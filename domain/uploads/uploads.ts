import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import type { Command, Event } from '../shared/messages.ts';
import type { ProfileUpdate } from '../profiles/contracts.ts';
import { takesVideoLink } from '../profiles/media.ts';
import type { ProfileState } from '../profiles/profile.ts';
import {
  MAX_LIVE_UPLOAD_BYTES,
  MAX_UPLOADS_PER_DAY,
  ORPHAN_GRACE_MS,
  UPLOAD_COUNT_WINDOW_MS,
} from './limits.ts';
import { UPLOAD_LIMIT_MESSAGES as M, uploadLimitReached } from './messages.ts';

/**
 * The images one user has uploaded (issue 7, deliverable 5): a per-user quota, and the record of
 * which stored files are still live so that orphans (files no profile refers to) are removed
 * after a grace period. The files themselves live behind the UploadStorage port; this stream
 * holds their keys, sizes and times.
 */
export const uploadsStreamId = (userId: string): string => `uploads-${userId}`;

/** The formats kept after re-encoding (infra/images): the format an upload is stored in. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export type Upload = Readonly<{
  uploadId: string;
  /** The storage key, for UploadStorage.delete. */
  key: string;
  /** The URL a profile refers to. */
  url: string;
  bytes: number;
  width: number;
  height: number;
  format: ImageFormat;
  uploadedAt: string;
}>;

export type DiscardReason = 'orphan' | 'moderation';

export type UploadRecorded = Event<'UploadRecorded', { userId: string } & Upload>;
/** The file is to be deleted from storage (a process does it on this event; deletes repeat safely). */
export type UploadDiscarded = Event<
  'UploadDiscarded',
  { userId: string; uploadId: string; key: string; url: string; reason: DiscardReason; at: string }
>;
/**
 * An orphan check ran (SweepOrphans): what it discarded precedes it. `nextCheckAt` is when the
 * next upload's grace ends (null: none left in grace); uploads past their grace that are still
 * referred to are checked again only when the profile changes after `referencesPosition`.
 */
export type OrphansSwept = Event<
  'OrphansSwept',
  {
    userId: string;
    at: string;
    discarded: number;
    nextCheckAt: string | null;
    referencesPosition: number | null;
  }
>;
/** The discarded file is gone from storage (the deleting process confirms each delete). */
export type UploadFileDeleted = Event<
  'UploadFileDeleted',
  { userId: string; uploadId: string; key: string; at: string }
>;
export type UploadsEvent = UploadRecorded | UploadDiscarded | OrphansSwept | UploadFileDeleted;

export type RecordUpload = Command<'RecordUpload', { userId: string } & Omit<Upload, 'uploadedAt'>>;
export type DiscardUpload = Command<
  'DiscardUpload',
  { userId: string; uploadId: string; reason: DiscardReason }
>;
/**
 * Discards every orphan at `now` (orphanedUploads) and records that the check ran. The sweeping
 * process reads the references (imageUrlsOfProfile of the user's profile) just before, and
 * passes the global position they were read at.
 */
export type SweepOrphans = Command<
  'SweepOrphans',
  { userId: string; referencedUrls: readonly string[]; referencesPosition: number | null }
>;
/** Records that a discarded upload's file was deleted from storage; again changes nothing. */
export type ConfirmUploadDeleted = Command<
  'ConfirmUploadDeleted',
  { userId: string; uploadId: string }
>;
export type UploadsCommand = RecordUpload | DiscardUpload | SweepOrphans | ConfirmUploadDeleted;

export type UploadsState = Readonly<{
  /** Stored and not discarded, oldest first. */
  live: readonly Upload[];
  /** When the latest uploads were made (at most MAX_UPLOADS_PER_DAY), for the daily count. */
  recent: readonly string[];
  /** Discarded, and their files not yet confirmed deleted from storage. */
  deleting: readonly Pick<Upload, 'uploadId' | 'key'>[];
}>;

export const liveBytes = (state: UploadsState): number =>
  state.live.reduce((sum, upload) => sum + upload.bytes, 0);

/**
 * Refuses an upload of `bytes` at `now` past the quota: MAX_UPLOADS_PER_DAY in any 24 hours
 * (429), MAX_LIVE_UPLOAD_BYTES of live files (403). The upload endpoint asks before storing the
 * file; RecordUpload asks again against the newest state.
 */
export const assertUploadAllowed = (state: UploadsState, bytes: number, now: Date): void => {
  const inWindow = state.recent
    .map((time) => Date.parse(time))
    .filter((time) => now.getTime() - time < UPLOAD_COUNT_WINDOW_MS);
  if (inWindow.length >= MAX_UPLOADS_PER_DAY) {
    const oldest = Math.min(...inWindow);
    throw new DomainError(
      'rate_limited',
      uploadLimitReached(oldest + UPLOAD_COUNT_WINDOW_MS - now.getTime()),
    );
  }
  if (liveBytes(state) + bytes > MAX_LIVE_UPLOAD_BYTES) {
    throw new DomainError('forbidden', M.storageFull);
  }
};

/**
 * Every image URL a profile refers to: its picture, each social account's link and dashboard
 * picture, and each past post's link (see domain/profiles/profile.ts).
 */
export const imageUrlsOfProfile = (profile: ProfileState): string[] =>
  [
    profile.profilePicUrl,
    ...profile.accounts.flatMap((account) => [account.profileUrl, account.dashboardPic]),
    ...profile.pastPosts.map((post) => post.postLink),
  ].filter((url) => url !== '');

/**
 * The pictures a profile update sets (its picture, each account's dashboard picture, each image
 * post) that the profile does not already show, each with the field it is in: these must be the
 * owner's own uploads (`notOwnedPicture`). Pictures kept from before are not asked again.
 */
export const newPictures = (
  changes: ProfileUpdate,
  current: ProfileState,
): { field: string; url: string }[] => {
  const held = new Set(imageUrlsOfProfile(current));
  const set = [
    ...(changes.profilePicUrl ? [{ field: 'profilePicUrl', url: changes.profilePicUrl }] : []),
    ...(changes.profileDetails ?? []).map((account) => ({
      field: 'profileDashboardPic',
      url: account.profileDashboardPic,
    })),
    ...(changes.pastPosts ?? [])
      .filter((post) => !takesVideoLink(post.platform))
      .map((post) => ({ field: 'postLink', url: post.postLink })),
  ];
  return set.filter((picture) => picture.url !== '' && !held.has(picture.url));
};

/**
 * Uploads have owners: the first of `pictures` that is not one of the user's live uploads (a
 * file someone else uploaded, one that was discarded, or one that never existed), else null.
 */
export const notOwnedPicture = <P extends { url: string }>(
  pictures: readonly P[],
  uploads: UploadsState,
): P | null =>
  pictures.find((picture) => !uploads.live.some((upload) => upload.url === picture.url)) ?? null;

/**
 * A URL refers to an upload when it is the upload's URL or names its (random, unique) storage
 * key, as an absolute `https://host/uploads/<key>` or a hosted service's transformed URL does.
 * A false match only keeps a file longer.
 */
export const refersTo = (url: string, upload: Pick<Upload, 'url' | 'key'>): boolean =>
  url === upload.url || url.includes(upload.key);

/** When an upload becomes an orphan if nothing refers to it. */
export const graceEndsAt = (upload: Pick<Upload, 'uploadedAt'>): Date =>
  new Date(Date.parse(upload.uploadedAt) + ORPHAN_GRACE_MS);

/**
 * The orphans at `now`: live uploads past their grace period that none of `referencedUrls` (every
 * image URL of the user's profile, imageUrlsOfProfile, and of anything else that shows images)
 * refers to. Each is discarded with DiscardUpload(reason 'orphan').
 */
export const orphanedUploads = (
  state: UploadsState,
  referencedUrls: readonly string[],
  now: Date,
): Upload[] =>
  state.live.filter(
    (upload) =>
      graceEndsAt(upload).getTime() <= now.getTime() &&
      !referencedUrls.some((url) => refersTo(url, upload)),
  );

const positiveInteger = (value: number) => Number.isSafeInteger(value) && value > 0;

export const uploadsDecider: Decider<UploadsState, UploadsCommand, UploadsEvent> = {
  initialState: () => ({ live: [], recent: [], deleting: [] }),

  decide: (command, state) => {
    const at = command.metadata.now.toISOString();
    switch (command.type) {
      case 'RecordUpload': {
        const { userId, ...upload } = command.data;
        const existing = state.live.find((u) => u.uploadId === upload.uploadId);
        if (existing) {
          const fields = ['key', 'url', 'bytes', 'width', 'height', 'format'] as const;
          if (fields.every((field) => existing[field] === upload[field])) return [];
          throw new DomainError('conflict', 'This upload id is already taken.');
        }
        if (
          upload.key === '' ||
          upload.url === '' ||
          !IMAGE_FORMATS.includes(upload.format) ||
          ![upload.bytes, upload.width, upload.height].every(positiveInteger)
        ) {
          throw new DomainError('validation', 'The upload is not described completely.');
        }
        assertUploadAllowed(state, upload.bytes, command.metadata.now);
        return { type: 'UploadRecorded', data: { userId, ...upload, uploadedAt: at } };
      }
      case 'SweepOrphans': {
        const { userId, referencedUrls, referencesPosition } = command.data;
        const now = command.metadata.now;
        const orphans = orphanedUploads(state, referencedUrls, now);
        const graceEnds = state.live
          .map((upload) => graceEndsAt(upload).getTime())
          .filter((time) => time > now.getTime());
        return [
          ...orphans.map((upload): UploadDiscarded => ({
            type: 'UploadDiscarded',
            data: {
              userId,
              uploadId: upload.uploadId,
              key: upload.key,
              url: upload.url,
              reason: 'orphan',
              at,
            },
          })),
          {
            type: 'OrphansSwept',
            data: {
              userId,
              at,
              discarded: orphans.length,
              nextCheckAt:
                graceEnds.length > 0 ? new Date(Math.min(...graceEnds)).toISOString() : null,
              referencesPosition,
            },
          },
        ];
      }
      case 'ConfirmUploadDeleted': {
        const pending = state.deleting.find((u) => u.uploadId === command.data.uploadId);
        if (!pending) return [];
        return {
          type: 'UploadFileDeleted',
          data: { userId: command.data.userId, uploadId: pending.uploadId, key: pending.key, at },
        };
      }
      case 'DiscardUpload': {
        const upload = state.live.find((u) => u.uploadId === command.data.uploadId);
        // Discarding twice (two sweeps racing) or an unknown id changes nothing.
        if (!upload) return [];
        return {
          type: 'UploadDiscarded',
          data: {
            userId: command.data.userId,
            uploadId: upload.uploadId,
            key: upload.key,
            url: upload.url,
            reason: command.data.reason,
            at,
          },
        };
      }
    }
  },

  evolve: (state, event) => {
    switch (event.type) {
      case 'UploadRecorded': {
        const { userId: _userId, ...upload } = event.data;
        return {
          ...state,
          live: [...state.live, upload],
          recent: [...state.recent.slice(-(MAX_UPLOADS_PER_DAY - 1)), upload.uploadedAt],
        };
      }
      case 'UploadDiscarded':
        return {
          ...state,
          live: state.live.filter((u) => u.uploadId !== event.data.uploadId),
          deleting: [...state.deleting, { uploadId: event.data.uploadId, key: event.data.key }],
        };
      case 'UploadFileDeleted':
        return {
          ...state,
          deleting: state.deleting.filter((u) => u.uploadId !== event.data.uploadId),
        };
      case 'OrphansSwept':
        return state;
    }
  },
};
