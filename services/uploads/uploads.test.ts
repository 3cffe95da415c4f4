import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '@linkcoin/infra/uploads/contract.ts';
import { registerUser, type TestUser } from '../testing/accounts.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** A 1x1 JPEG. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

describe('image uploads', () => {
  let server: TestServer;
  let creator: TestUser;
  const uploadsDir = () => join(server.dataDir, 'uploads');
  const stored = async () => (await readdir(uploadsDir()).catch(() => [] as string[])).length;
  const upload = (file: Buffer, filename: string, contentType = 'image/png') =>
    request(server.url)
      .post('/api/uploads/image')
      .set('Authorization', `Bearer ${creator.token}`)
      .field('upload_preset', 'linkcoin')
      .attach('file', file, { filename, contentType });

  beforeAll(async () => {
    server = await startTestServer({ env: { UPLOAD_MAX_BYTES: String(64 * 1024) } });
    creator = await registerUser(server, { role: 'influencer' });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('stores a real image under a random name and serves it back as an image', async () => {
    const res = await upload(Buffer.from(TINY_PNG), '../../my holiday photo.png').expect(201);
    expect(res.body).toMatchObject({
      success: true,
      secure_url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.png$/),
    });
    const served = await request(server.url).get(res.body.secure_url).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(served.body as Buffer).equals(Buffer.from(TINY_PNG))).toBe(true);
    const jpeg = await upload(TINY_JPEG, 'me.png', 'image/png').expect(201);
    expect(jpeg.body.secure_url).toMatch(/\.jpg$/); // named by what it is, not by what it says
  });

  it('refuses a file that only claims to be an image, and stores nothing', async () => {
    const before = await stored();
    for (const [bytes, name] of [
      [Buffer.from('#!/bin/sh\necho pwned\n'), 'avatar.png'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.png',
      ],
      [Buffer.from('%PDF-1.7\n1 0 obj\n'), 'post.jpg'],
    ] as const) {
      const res = await upload(bytes, name).expect(415);
      expect(res.body).toEqual({
        success: false,
        message: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
      });
    }
    expect(await stored()).toBe(before);
  });

  it('refuses images over the size limit and requests without a file', async () => {
    const before = await stored();
    const large = Buffer.concat([Buffer.from(TINY_PNG), Buffer.alloc(70 * 1024)]);
    await upload(large, 'big.png').expect(413, {
      success: false,
      message: 'The image is larger than 64 KB.',
    });
    await request(server.url)
      .post('/api/uploads/image')
      .set('Authorization', `Bearer ${creator.token}`)
      .field('upload_preset', 'linkcoin')
      .expect(400, { success: false, message: 'Choose an image to upload.' });
    expect(await stored()).toBe(before);
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
});
