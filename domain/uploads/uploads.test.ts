import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { DeciderSpecification, testMetadata } from '../shared/testing.ts';
import { emptyProfile, type ProfileState } from '../profiles/profile.ts';
import { MAX_LIVE_UPLOAD_BYTES, MAX_UPLOADS_PER_DAY } from './limits.ts';
import { voiceProblem } from '../shared/voice.ts';
import { UPLOAD_LIMIT_MESSAGES, uploadLimitReached } from './messages.ts';
import {
  assertUploadAllowed,
  imageUrlsOfProfile,
  newPictures,
  notOwnedPicture,
  orphanedUploads,
  uploadsDecider,
  uploadsStreamId,
  type RecordUpload,
  type UploadDiscarded,
  type UploadRecorded,
  type UploadsEvent,
} from './uploads.ts';

const given = DeciderSpecification.for(uploadsDecider);
const userId = 'u1';
const t0 = Date.parse('2026-03-01T09:00:00.000Z');
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const MB = 1024 * 1024;
const iso = (offsetMs: number) => new Date(t0 + offsetMs).toISOString();
const at = (offsetMs: number) => testMetadata({ now: new Date(t0 + offsetMs) });

const key = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}.jpg`;
const description = (n: number, bytes = 200_000) => ({
  userId,
  uploadId: `up-${n}`,
  key: key(n),
  url: `/uploads/${key(n)}`,
  bytes,
  width: 1080,
  height: 1080,
  format: 'jpeg' as const,
});
const record = (n: number, offsetMs: number, bytes?: number): RecordUpload => ({
  type: 'RecordUpload',
  data: description(n, bytes),
  metadata: at(offsetMs),
});
const recorded = (n: number, offsetMs: number, bytes?: number): UploadRecorded => ({
  type: 'UploadRecorded',
  data: { ...description(n, bytes), uploadedAt: iso(offsetMs) },
});
const discarded = (n: number, offsetMs: number): UploadDiscarded => ({
  type: 'UploadDiscarded',
  data: {
    userId,
    uploadId: `up-${n}`,
    key: key(n),
    url: `/uploads/${key(n)}`,
    reason: 'orphan',
    at: iso(offsetMs),
  },
});
const stateOf = (events: readonly UploadsEvent[]) => fold(uploadsDecider, events);

describe("a user's uploads", () => {
  it('live on one stream per user', () => {
    expect(uploadsStreamId('u1')).toBe('uploads-u1');
  });

  it('records an upload with its key, size, dimensions, format and time', () => {
    given([]).when(record(1, 0)).then(recorded(1, 0));
  });

  it('records a repeated upload once, and refuses an id taken by another file', () => {
    given(recorded(1, 0)).when(record(1, MINUTE)).thenNothingHappens();
    given(recorded(1, 0))
      .when({ ...record(1, MINUTE), data: { ...description(1), bytes: 5 } })
      .thenRefused('conflict');
  });

  it('refuses an upload that is not described completely', () => {
    for (const data of [
      { ...description(1), key: '' },
      { ...description(1), url: '' },
      { ...description(1), bytes: 0 },
      { ...description(1), width: 1.5 },
      { ...description(1), format: 'svg' as 'jpeg' },
    ]) {
      given([])
        .when({ type: 'RecordUpload', data, metadata: at(0) })
        .thenRefused('validation');
    }
  });

  it(`allows ${MAX_UPLOADS_PER_DAY} uploads in any 24 hours, discarded ones included`, () => {
    const day = Array.from({ length: MAX_UPLOADS_PER_DAY }, (_, i) =>
      recorded(i, i * 10 * MINUTE, 1000),
    );
    const someDiscarded = [...day, discarded(0, 6 * HOUR), discarded(1, 6 * HOUR)];
    given(someDiscarded)
      .when(record(99, 8 * HOUR, 1000))
      .thenRefused(
        'rate_limited',
        'You can upload at most 30 images a day. Try again in 16 hours.',
      );
    given(day)
      .when(record(99, 24 * HOUR - MINUTE, 1000))
      .thenRefused(
        'rate_limited',
        'You can upload at most 30 images a day. Try again in 1 minute.',
      );
    // The oldest leaves the window 24 hours after it was made.
    given(day)
      .when(record(99, 24 * HOUR, 1000))
      .then(recorded(99, 24 * HOUR, 1000));
    given(day.slice(1))
      .when(record(99, 8 * HOUR, 1000))
      .then(recorded(99, 8 * HOUR, 1000));
  });

  it('keeps the live files of a user within 100 MB', () => {
    const big = [recorded(1, 0, 60 * MB), recorded(2, MINUTE, 39 * MB)];
    given(big)
      .when(record(3, HOUR, 2 * MB))
      .thenRefused('forbidden', UPLOAD_LIMIT_MESSAGES.storageFull);
    given(big)
      .when(record(3, HOUR, MAX_LIVE_UPLOAD_BYTES - 99 * MB))
      .then(recorded(3, HOUR, MB));
    // A discarded file frees its space.
    given([...big, discarded(1, 2 * HOUR)])
      .when(record(3, 3 * HOUR, 2 * MB))
      .then(recorded(3, 3 * HOUR, 2 * MB));
  });

  it('answers the quota before the file is stored, with the same refusal', () => {
    const state = stateOf([recorded(1, 0, 99 * MB)]);
    expect(() => assertUploadAllowed(state, 2 * MB, new Date(t0))).toThrow(
      new DomainError('forbidden', UPLOAD_LIMIT_MESSAGES.storageFull),
    );
    expect(() => assertUploadAllowed(state, MB, new Date(t0))).not.toThrow();
  });

  it('discards a live upload, naming the key to delete, and ignores a second discard', () => {
    given(recorded(1, 0))
      .when({
        type: 'DiscardUpload',
        data: { userId, uploadId: 'up-1', reason: 'orphan' },
        metadata: at(25 * HOUR),
      })
      .then(discarded(1, 25 * HOUR));
    given([recorded(1, 0), discarded(1, 25 * HOUR)])
      .when({
        type: 'DiscardUpload',
        data: { userId, uploadId: 'up-1', reason: 'orphan' },
        metadata: at(26 * HOUR),
      })
      .thenNothingHappens();
    given([])
      .when({
        type: 'DiscardUpload',
        data: { userId, uploadId: 'unknown', reason: 'orphan' },
        metadata: at(0),
      })
      .thenNothingHappens();
  });
});

describe('orphaned uploads', () => {
  const profile = (overrides: Partial<ProfileState>): ProfileState => ({
    ...emptyProfile(),
    ...overrides,
  });
  const account = (profileUrl: string, dashboardPic: string) => ({
    id: 'a1',
    platform: 'instagram',
    profileName: 'asha',
    profileUrl,
    dashboardPic,
    followers: 100,
    followersCount: 100,
    verifiedBy: null,
  });

  it('finds every image URL of a profile: picture, account links and pictures, past posts', () => {
    expect(
      imageUrlsOfProfile(
        profile({
          profilePicUrl: '/uploads/pic.png',
          accounts: [account('https://instagram.com/asha', '/uploads/dash.png')],
          pastPosts: [
            { id: 'p1', platform: 'instagram', category: 'fashion', postLink: '/uploads/p1.jpg' },
          ],
        }),
      ).sort(),
    ).toEqual([
      '/uploads/dash.png',
      '/uploads/p1.jpg',
      '/uploads/pic.png',
      'https://instagram.com/asha',
    ]);
    expect(imageUrlsOfProfile(emptyProfile())).toEqual([]);
  });

  it('are the live uploads no profile refers to, once their grace period is over', () => {
    const state = stateOf([recorded(1, 0), recorded(2, HOUR), recorded(3, 2 * HOUR)]);
    const urls = imageUrlsOfProfile(profile({ profilePicUrl: `/uploads/${key(2)}` }));
    // Within 24 hours nothing is an orphan, referred to or not.
    expect(orphanedUploads(state, urls, new Date(t0 + 24 * HOUR - 1))).toEqual([]);
    expect(orphanedUploads(state, urls, new Date(t0 + 24 * HOUR)).map((u) => u.uploadId)).toEqual([
      'up-1',
    ]);
    expect(orphanedUploads(state, urls, new Date(t0 + 30 * HOUR)).map((u) => u.uploadId)).toEqual([
      'up-1',
      'up-3',
    ]);
  });

  it('are never files referred to by a past post, an account picture or an absolute URL', () => {
    const state = stateOf([recorded(1, 0), recorded(2, 0), recorded(3, 0), recorded(4, 0)]);
    const urls = imageUrlsOfProfile(
      profile({
        accounts: [account('', `/uploads/${key(1)}`)],
        pastPosts: [
          { id: 'p', platform: 'instagram', category: 'fashion', postLink: `/uploads/${key(2)}` },
        ],
        profilePicUrl: `https://linkcoin.example/uploads/${key(3)}`,
      }),
    );
    expect(orphanedUploads(state, urls, new Date(t0 + 48 * HOUR)).map((u) => u.uploadId)).toEqual([
      'up-4',
    ]);
  });

  it('leave out uploads already discarded', () => {
    const state = stateOf([recorded(1, 0), recorded(2, HOUR), discarded(1, 25 * HOUR)]);
    expect(orphanedUploads(state, [], new Date(t0 + 48 * HOUR)).map((u) => u.uploadId)).toEqual([
      'up-2',
    ]);
  });
});

describe('pictures have owners', () => {
  const held = {
    ...emptyProfile(),
    profilePicUrl: `/uploads/${key(9)}`,
  };
  it('asks only about pictures a save newly sets, each with its field', () => {
    expect(
      newPictures(
        {
          profilePicUrl: `/uploads/${key(9)}`,
          profileDetails: [
            {
              platform: 'instagram',
              profileName: 'asha',
              profilePicUrl: 'https://instagram.com/asha',
              profileDashboardPic: `/uploads/${key(1)}`,
              followers: 1,
            },
          ],
          pastPosts: [
            { platform: 'instagram', category: 'cooking', postLink: `/uploads/${key(2)}` },
            { platform: 'youtube', category: 'cooking', postLink: 'https://youtu.be/x' },
          ],
        },
        held,
      ),
    ).toEqual([
      { field: 'profileDashboardPic', url: `/uploads/${key(1)}` },
      { field: 'postLink', url: `/uploads/${key(2)}` },
    ]);
    expect(newPictures({ profilePicUrl: '' }, held)).toEqual([]);
  });

  it('refuses a picture that is not one of the live uploads of the owner', () => {
    const state = stateOf([recorded(1, 0), recorded(2, 0), discarded(2, HOUR)]);
    const mine = { field: 'profilePicUrl', url: `/uploads/${key(1)}` };
    expect(notOwnedPicture([mine], state)).toBeNull();
    for (const url of [`/uploads/${key(2)}`, `/uploads/${key(3)}`, `/uploads/x,${key(1)}`]) {
      expect(notOwnedPicture([mine, { field: 'postLink', url }], state)).toEqual({
        field: 'postLink',
        url,
      });
    }
  });
});

describe('the upload texts', () => {
  it('name the limits', () => {
    expect(UPLOAD_LIMIT_MESSAGES.tooManyPixels).toBe(
      'The image is too large: at most 10,000 pixels on each side and 40 megapixels.',
    );
    expect(uploadLimitReached(90 * MINUTE)).toBe(
      'You can upload at most 30 images a day. Try again in 2 hours.',
    );
    expect(uploadLimitReached(1)).toBe(
      'You can upload at most 30 images a day. Try again in 1 minute.',
    );
  });
});

describe('an orphan sweep', () => {
  const sweep = (offsetMs: number, referencedUrls: string[] = []) =>
    ({
      type: 'SweepOrphans',
      data: { userId, referencedUrls, referencesPosition: 41 },
      metadata: at(offsetMs),
    }) as const;
  const swept = (offsetMs: number, discardedCount: number, nextCheckAt: string | null) => ({
    type: 'OrphansSwept' as const,
    data: {
      userId,
      at: iso(offsetMs),
      discarded: discardedCount,
      nextCheckAt,
      referencesPosition: 41,
    },
  });

  it('discards the orphans and records the check, with when the next grace ends', () => {
    given([recorded(1, 0), recorded(2, HOUR), recorded(3, 30 * HOUR)])
      .when(sweep(26 * HOUR, [`/uploads/${key(2)}`]))
      .then([discarded(1, 26 * HOUR), swept(26 * HOUR, 1, iso(54 * HOUR))]);
  });

  it('records a check that found nothing, so the check is not made again', () => {
    given([recorded(1, 0)])
      .when(sweep(25 * HOUR, [`/uploads/${key(1)}`]))
      .then(swept(25 * HOUR, 0, null));
    given([])
      .when(sweep(0))
      .then(swept(0, 0, null));
  });

  it('leaves the uploads it discarded out of the state', () => {
    given([recorded(1, 0), recorded(2, 0)])
      .when(sweep(25 * HOUR, [`/uploads/${key(2)}`]))
      .thenState((state) => expect(state.live.map((u) => u.uploadId)).toEqual(['up-2']));
  });
});

describe('deleting a discarded file', () => {
  const confirm = (offsetMs: number, uploadId = 'up-1') =>
    ({
      type: 'ConfirmUploadDeleted',
      data: { userId, uploadId },
      metadata: at(offsetMs),
    }) as const;
  const deleted = {
    type: 'UploadFileDeleted' as const,
    data: { userId, uploadId: 'up-1', key: key(1), at: iso(26 * HOUR) },
  };

  it('is recorded once, for a discarded upload only', () => {
    given([recorded(1, 0), discarded(1, 25 * HOUR)])
      .when(confirm(26 * HOUR))
      .then(deleted);
    given([recorded(1, 0), discarded(1, 25 * HOUR), deleted])
      .when(confirm(27 * HOUR))
      .thenNothingHappens();
    given(recorded(1, 0))
      .when(confirm(26 * HOUR))
      .thenNothingHappens();
    given([]).when(confirm(0, 'unknown')).thenNothingHappens();
  });

  it('keeps what is still to delete in the state', () => {
    given([recorded(1, 0), recorded(2, 0), discarded(1, 25 * HOUR)])
      .when(confirm(26 * HOUR, 'up-2'))
      .thenState((state) => expect(state.deleting).toEqual([{ uploadId: 'up-1', key: key(1) }]));
  });
});

describe("a picture that is not the owner's upload", () => {
  it('is refused in words, naming the picture and no field path', () => {
    expect(UPLOAD_LIMIT_MESSAGES.notYourUpload('profilePicUrl')).toBe(
      'The profile picture must be one of your own uploaded images. Upload it here first.',
    );
    for (const field of ['profilePicUrl', 'profileDashboardPic', 'postLink'] as const) {
      const message = UPLOAD_LIMIT_MESSAGES.notYourUpload(field);
      expect(voiceProblem(message), message).toBeNull();
      expect(message).not.toContain(field);
    }
  });
});
