import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOADS_PER_DAY } from '@linkcoin/domain/uploads/limits.ts';
import { UPLOAD_LIMIT_MESSAGES } from '@linkcoin/domain/uploads/messages.ts';
import { TINY_PNG } from '@linkcoin/infra/uploads/contract.ts';
import { headPosition, registerUser, type TestUser } from '../testing/accounts.ts';
import { saveProfile } from '../testing/profiles.ts';
import { adjustableClock, startTestServer, type TestServer } from '../testing/test-server.ts';

/** A 1x1 JPEG. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

/**
 * A photo as a phone takes it: 40×20 pixels stored sideways (a red left half, a blue right
 * half) with EXIF orientation 6 (turn 90° clockwise to view), a GPS position and a camera make.
 */
const phonePhoto = async () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([
      {
        input: {
          create: { width: 20, height: 20, channels: 3, background: { r: 255, g: 0, b: 0 } },
        },
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '18/1 31/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '73/1 51/1 4020/100',
      },
    })
    .toBuffer();

/** A PNG whose header claims `width` × `height` pixels, in a few hundred bytes. */
const pngClaiming = (width: number, height: number) => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(301))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const HOUR = 60 * 60 * 1000;

describe('image uploads', () => {
  const clock = adjustableClock();
  let server: TestServer;
  let creator: TestUser;
  const uploadsDir = () => join(server.dataDir, 'uploads');
  const stored = async () => (await readdir(uploadsDir()).catch(() => [] as string[])).length;
  const fileOf = (url: string) => join(uploadsDir(), url.slice('/uploads/'.length));
  const exists = (url: string) =>
    access(fileOf(url)).then(
      () => true,
      () => false,
    );
  const upload = (file: Buffer, filename: string, contentType = 'image/png', as = creator) =>
    request(server.url)
      .post('/api/uploads/image')
      .set('Authorization', `Bearer ${as.token}`)
      .field('upload_preset', 'linkcoin')
      .attach('file', file, { filename, contentType });
  const served = async (url: string) =>
    Buffer.from((await request(server.url).get(url).expect(200)).body as Buffer);
  const eventsOf = async (streamId: string) =>
    server.runtime.platform.eventStore.readStream(streamId);

  /** Refused with this status and message, storing no file and appending nothing. */
  const refused = async (
    file: Buffer,
    status: number,
    message: string | RegExp,
    as = creator,
  ): Promise<void> => {
    const [files, head] = [await stored(), await headPosition(server)];
    const res = await upload(file, 'image.png', 'image/png', as).expect(status);
    expect(res.body.success).toBe(false);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await stored()).toBe(files);
    expect(await headPosition(server)).toBe(head);
  };

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: {
        UPLOAD_MAX_BYTES: String(64 * 1024),
        PROCESS_TICK_MS: '100',
        // Sessions outlive the day the orphan test moves the clock by.
        TOKEN_TTL_SECONDS: String(7 * 24 * 3600),
      },
    });
    creator = await registerUser(server, { role: 'influencer' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('stores a real image under a random name, re-encoded, and serves it back as an image', async () => {
    const res = await upload(Buffer.from(TINY_PNG), '../../my holiday photo.png').expect(201);
    expect(res.body).toMatchObject({
      success: true,
      secure_url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/),
    });
    const got = await request(server.url).get(res.body.secure_url).expect(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(Buffer.from(got.body as Buffer)).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(metadata.exif).toBeUndefined();
    const jpeg = await upload(TINY_JPEG, 'me.png', 'image/png').expect(201);
    expect(jpeg.body.secure_url).toMatch(/\.jpg$/); // named by what it is, not by what it says
    // Each upload is on the user's record.
    const events = await eventsOf(`uploads-${creator.userId}`);
    expect(events.map((event) => event.type)).toEqual(['UploadRecorded', 'UploadRecorded']);
    expect(events[0]?.data).toMatchObject({ url: res.body.secure_url, format: 'png', width: 1 });
  });

  it('strips the GPS position and every other tag from a photo, and turns it upright', async () => {
    const photo = await phonePhoto();
    expect(photo.includes('PhoneCam')).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(photo, 'IMG_0001.jpg', 'image/jpeg').expect(201);
    const bytes = await served(res.body.secure_url);
    expect(bytes.equals(photo)).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(bytes.includes('PhoneCam')).toBe(false);
    expect(bytes.includes('GPS')).toBe(false);
    // Upright: 20 wide, 40 high, the red half (the stored left) now on top.
    expect({ width: metadata.width, height: metadata.height }).toEqual({ width: 20, height: 40 });
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 20 + x) * 3, (y * 20 + x) * 3 + 3),
    ];
    const [top, bottom] = [pixel(10, 5), pixel(10, 34)];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });

  it('refuses a PNG claiming 100,000 × 100,000 pixels before decoding it', async () => {
    const header = pngClaiming(100_000, 100_000);
    expect(header.byteLength).toBeLessThan(1024);
    await refused(header, 413, UPLOAD_LIMIT_MESSAGES.tooManyPixels);
    await refused(pngClaiming(10_001, 10), 413, UPLOAD_LIMIT_MESSAGES.tooManyPixels);
  });

  it('refuses a damaged image', async () => {
    const photo = await phonePhoto();
    await refused(photo.subarray(0, photo.byteLength - 200), 422, UPLOAD_LIMIT_MESSAGES.damaged);
  });

  it('refuses a file that only claims to be an image, and stores nothing', async () => {
    for (const bytes of [
      Buffer.from('#!/bin/sh\necho pwned\n'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('%PDF-1.7\n1 0 obj\n'),
    ]) {
      await refused(bytes, 415, 'Only JPEG, PNG, WebP or GIF images can be uploaded.');
    }
  });

  it('refuses images over the size limit and requests without a file', async () => {
    const large = Buffer.concat([Buffer.from(TINY_PNG), Buffer.alloc(70 * 1024)]);
    await refused(large, 413, 'The image is larger than 64 KB.');
    const before = await stored();
    await request(server.url)
      .post('/api/uploads/image')
      .set('Authorization', `Bearer ${creator.token}`)
      .field('upload_preset', 'linkcoin')
      .expect(400, { success: false, message: 'Choose an image to upload.' });
    expect(await stored()).toBe(before);
  });

  it(`allows ${MAX_UPLOADS_PER_DAY} uploads a day to each user`, async () => {
    const busy = await registerUser(server, { role: 'influencer' });
    for (let i = 0; i < MAX_UPLOADS_PER_DAY; i += 1) {
      await upload(Buffer.from(TINY_PNG), `${i}.png`, 'image/png', busy).expect(201);
    }
    await refused(
      Buffer.from(TINY_PNG),
      429,
      /^You can upload at most 30 images a day\. Try again in 24 hours\.$/,
      busy,
    );
    // The quota is the user's, not the client's: another user from the same address may upload.
    await upload(Buffer.from(TINY_PNG), 'mine.png').expect(201);
  });

  it('refuses anonymous uploads', async () => {
    await request(server.url)
      .post('/api/uploads/image')
      .attach('file', Buffer.from(TINY_PNG), 'a.png')
      .expect(401);
  });

  it('serves nothing but uploaded images from /uploads', async () => {
    for (const path of [
      '/uploads/../secrets.json',
      '/uploads/%2e%2e%2fsecrets.json',
      '/uploads/secrets.json',
      '/uploads/.lock',
      '/uploads/00000000-0000-0000-0000-000000000000.png',
    ]) {
      const res = await request(server.url).get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('jwtSecret');
    }
  });

  // Last: it moves the clock on by a day.
  it('deletes uploads no profile refers to after the grace period, and keeps the others', async () => {
    const owner = await registerUser(server, { role: 'influencer' });
    const urlOf = async (name: string) =>
      (await upload(Buffer.from(TINY_PNG), name, 'image/png', owner).expect(201)).body
        .secure_url as string;
    const picture = await urlOf('me.png');
    const post = await urlOf('post.png');
    const orphan = await urlOf('unused.png');
    await saveProfile(server, owner, {
      profilePicUrl: picture,
      pastPosts: [{ platform: 'instagram', category: 'cooking', postLink: post }],
    }).expect(200);
    const types = async () =>
      (await eventsOf(`uploads-${owner.userId}`)).map((event) => event.type);

    // The profile changed, so its uploads are checked at once: within the grace period, none goes.
    await expect.poll(types, { timeout: 10_000 }).toContain('OrphansSwept');
    expect(await types()).not.toContain('UploadDiscarded');
    expect(await Promise.all([picture, post, orphan].map(exists))).toEqual([true, true, true]);

    clock.advance(24 * HOUR + 60_000);
    await expect.poll(() => exists(orphan), { timeout: 10_000 }).toBe(false);
    await expect.poll(types, { timeout: 10_000 }).toContain('UploadFileDeleted');
    const events = await eventsOf(`uploads-${owner.userId}`);
    const discarded = events.filter((event) => event.type === 'UploadDiscarded');
    expect(discarded.map((event) => (event.data as { url: string }).url)).toEqual([orphan]);
    // The sweeps and the deletion correlate by what fell due (never a request's UUID).
    const correlations = (type: string) =>
      events.filter((event) => event.type === type).map((event) => event.metadata.correlationId);
    expect(correlations('OrphansSwept').length).toBeGreaterThan(0);
    expect(correlations('OrphansSwept')).toEqual(
      correlations('OrphansSwept').map(() =>
        expect.stringMatching(new RegExp(`^upload-sweep-${owner.userId}-\\d{4}-`)),
      ),
    );
    expect(correlations('UploadFileDeleted')).toEqual([
      `upload-delete-${(discarded[0]!.data as { uploadId: string }).uploadId}`,
    ]);
    expect(await Promise.all([picture, post].map(exists))).toEqual([true, true]);
    await request(server.url).get(orphan).expect(404);
    await request(server.url).get(picture).expect(200);
    // The profile still shows what it refers to.
    const profile = await request(server.url)
      .get(`/api/pageowners/user/${owner.userId}`)
      .expect(200);
    expect(profile.body.data).toMatchObject({ profilePicUrl: picture });
    expect(profile.body.data.pastPosts).toEqual([expect.objectContaining({ postLink: post })]);
  });
});
