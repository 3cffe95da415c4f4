import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../uploads/contract.ts';
import {
  checkImageLimits,
  ImageRefused,
  normaliseImage,
  readImageHeader,
  type ImageRefusal,
} from './normalise.ts';

// Real images, generated here: a red left half and a blue right half, so orientation shows.
const twoColours = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } },
  }).composite([
    {
      input: {
        create: {
          width: width / 2,
          height,
          channels: 3,
          background: { r: 255, g: 0, b: 0 },
        },
      },
      left: 0,
      top: 0,
    },
  ]);

const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '48/1 51/1 2964/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '2/1 17/1 4020/100',
  GPSMapDatum: 'WGS-84',
};
const bytesInclude = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);

/** A JPEG as a phone takes it: GPS position, camera make, orientation 6 (turn 90° clockwise). */
const phonePhoto = async () =>
  new Uint8Array(
    await twoColours(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'PhoneCam' }, IFD3: GPS })
      .toBuffer(),
  );

/** A PNG made of a header and a few bytes: it claims any size without holding the pixels. */
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
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(301))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
};

const refusal = async (bytes: Uint8Array): Promise<ImageRefused> => {
  const error = await normaliseImage(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'the image should be refused').toBeInstanceOf(ImageRefused);
  return error as ImageRefused;
};
const expectRefused = async (bytes: Uint8Array, reason: ImageRefusal, message: string) => {
  const error = await refusal(bytes);
  expect({ reason: error.reason, message: error.message }).toEqual({ reason, message });
};

/** Decodes every pixel strictly: a valid image of this format, or a throw. */
const decodeStrictly = async (bytes: Uint8Array) => {
  const metadata = await sharp(bytes).metadata();
  await sharp(bytes, { failOn: 'warning', animated: true }).raw().toBuffer();
  return metadata;
};

const noisy = (format: 'jpeg' | 'png' | 'webp' | 'gif') =>
  sharp({
    create: {
      width: 120,
      height: 80,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .toFormat(format)
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

const animation = (format: 'gif' | 'webp') =>
  Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((colour) =>
      sharp({ create: { width: 16, height: 12, channels: 3, background: colour } })
        .png()
        .toBuffer(),
    ),
  )
    .then((frames) =>
      sharp(frames, { join: { animated: true } })
        .withExif({ IFD0: { Make: 'AnimCam' } })
        .toFormat(format, { loop: 0, delay: [100, 200, 300] })
        .toBuffer(),
    )
    .then((buffer) => new Uint8Array(buffer));

describe('uploaded images', () => {
  it('lose their GPS position and every other EXIF tag', async () => {
    const photo = await phonePhoto();
    // The fixture really carries what a phone writes.
    expect(bytesInclude(photo, 'WGS-84')).toBe(true);
    expect(bytesInclude(photo, 'PhoneCam')).toBe(true);
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const image = await normaliseImage(photo);
    expect(Buffer.from(image.bytes).equals(Buffer.from(photo))).toBe(false);
    expect(bytesInclude(image.bytes, 'WGS-84')).toBe(false);
    expect(bytesInclude(image.bytes, 'PhoneCam')).toBe(false);
    const metadata = await decodeStrictly(image.bytes);
    expect(metadata).toMatchObject({ format: 'jpeg', hasProfile: false });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
  });

  it('come back upright from an EXIF orientation, with no orientation tag', async () => {
    const photo = await phonePhoto();
    expect(await sharp(photo).metadata()).toMatchObject({ width: 40, height: 20, orientation: 6 });

    const image = await normaliseImage(photo);
    expect(image).toMatchObject({ format: 'jpeg', width: 20, height: 40, frames: 1 });
    const metadata = await sharp(image.bytes).metadata();
    expect(metadata).toMatchObject({ width: 20, height: 40 });
    expect(metadata.orientation).toBeUndefined();
    // Turned 90° clockwise: the red left half is now on top.
    const { data, info } = await sharp(image.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return { red: data[at] ?? 0, blue: data[at + 2] ?? 0 };
    };
    expect(pixel(10, 5).red).toBeGreaterThan(200);
    expect(pixel(10, 5).blue).toBeLessThan(50);
    expect(pixel(10, 35).blue).toBeGreaterThan(200);
    expect(pixel(10, 35).red).toBeLessThan(50);
  });

  it('keep their format and come back as valid images of it', async () => {
    const expected = {
      jpeg: { extension: 'jpg', mime: 'image/jpeg' },
      png: { extension: 'png', mime: 'image/png' },
      webp: { extension: 'webp', mime: 'image/webp' },
      gif: { extension: 'gif', mime: 'image/gif' },
    } as const;
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      const image = await normaliseImage(await noisy(format));
      expect(image, format).toMatchObject({
        format,
        ...expected[format],
        width: 120,
        height: 80,
        frames: 1,
      });
      expect(await decodeStrictly(image.bytes), format).toMatchObject({
        format,
        width: 120,
        height: 80,
      });
    }
    const tiny = await normaliseImage(TINY_PNG);
    expect(tiny).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect((await decodeStrictly(tiny.bytes)).hasAlpha).toBe(true);
  });

  it('lose XMP, EXIF and colour profiles in PNG and WebP too, converted to sRGB', async () => {
    for (const format of ['png', 'webp'] as const) {
      const tagged = new Uint8Array(
        await twoColours(40, 20)
          .withIccProfile('p3')
          .withExif({ IFD0: { Make: 'TaggedCam' }, IFD3: GPS })
          .withXmp(
            '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Secret Person</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
          )
          .toFormat(format)
          .toBuffer(),
      );
      const before = await sharp(tagged).metadata();
      expect(before.icc, format).toBeDefined();
      expect(before.xmp, format).toBeDefined();
      const image = await normaliseImage(tagged);
      const after = await decodeStrictly(image.bytes);
      expect(after, format).toMatchObject({ format, hasProfile: false });
      expect(after.exif, format).toBeUndefined();
      expect(after.xmp, format).toBeUndefined();
      expect(after.icc, format).toBeUndefined();
      for (const text of ['TaggedCam', 'WGS-84', 'Secret Person']) {
        expect(bytesInclude(image.bytes, text), `${format}: ${text}`).toBe(false);
      }
    }
  });

  it('keep the frames, delays and loop of an animated GIF or WebP', async () => {
    for (const format of ['gif', 'webp'] as const) {
      const image = await normaliseImage(await animation(format));
      expect(image, format).toMatchObject({ format, width: 16, height: 12, frames: 3 });
      expect(bytesInclude(image.bytes, 'AnimCam'), format).toBe(false);
      const metadata = await sharp(image.bytes).metadata();
      expect(metadata, format).toMatchObject({ format, pages: 3, loop: 0 });
      expect(metadata.delay, format).toEqual([100, 200, 300]);
    }
  });

  it('claiming 100,000 × 100,000 pixels are refused from the header, before decoding', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    expect(bomb.byteLength).toBeLessThan(100);
    expect(await readImageHeader(bomb)).toMatchObject({
      format: 'png',
      width: 100_000,
      height: 100_000,
    });
    // 'too_large' comes from the header check; a decode attempt would have said 'damaged'.
    await expectRefused(
      bomb,
      'too_large',
      'The image is too large: at most 10,000 pixels on each side and 40 megapixels.',
    );
  });

  it('past 10,000 pixels a side or 40 megapixels are refused, up to them accepted', async () => {
    const tooLarge =
      'The image is too large: at most 10,000 pixels on each side and 40 megapixels.';
    await expectRefused(pngClaiming(10_001, 10), 'too_large', tooLarge);
    await expectRefused(pngClaiming(8_000, 6_000), 'too_large', tooLarge);
    const check =
      (width: number, height: number, frames = 1) =>
      () =>
        checkImageLimits({ format: 'gif', width, height, frames, palette: true });
    expect(check(10_000, 4_000)).not.toThrow();
    expect(check(10_000, 4_001)).toThrow(ImageRefused);
    expect(check(1_000, 1_000, 40)).not.toThrow();
    expect(check(1_000, 1_000, 41)).toThrow(
      'The animation is too large: at most 40 megapixels for all its frames together.',
    );
    const wide = new Uint8Array(
      await sharp({ create: { width: 10_000, height: 2, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
    );
    expect(await normaliseImage(wide)).toMatchObject({ width: 10_000, height: 2 });
  });

  it('that are truncated or corrupt are refused as damaged', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      const whole = await noisy(format);
      const error = await refusal(whole.subarray(0, Math.floor(whole.byteLength / 2)));
      expect(
        { reason: error.reason, status: error.status, message: error.message },
        format,
      ).toEqual({
        reason: 'damaged',
        status: 422,
        message: 'The image is damaged or incomplete. Please choose another file.',
      });
    }
    // A valid header over pixel data that is not there.
    await expectRefused(
      pngClaiming(200, 200),
      'damaged',
      'The image is damaged or incomplete. Please choose another file.',
    );
  });

  it('that are no JPEG, PNG, WebP or GIF are refused, whatever they are', async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const tiff = new Uint8Array(await twoColours(20, 20).tiff().toBuffer());
    for (const bytes of [
      svg,
      tiff,
      new TextEncoder().encode('#!/bin/sh\necho pwned\n'),
      new Uint8Array(),
    ]) {
      const error = await refusal(bytes);
      expect({ reason: error.reason, status: error.status, message: error.message }).toEqual({
        reason: 'not_an_image',
        status: 415,
        message: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
      });
    }
  });
});
