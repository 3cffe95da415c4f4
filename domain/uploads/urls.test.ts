import { describe, expect, it } from 'vitest';
import {
  isUploadedImageUrl,
  isUploadPrefix,
  LOCAL_UPLOAD_PREFIX,
  plausibleImageUrl,
  uploadedImagesOnly,
} from './urls.ts';

const HOSTED = 'https://res.cloudinary.com/linkcoin/image/upload/';
const KEY = '3f2a9c1e-8b7d-4c6a-9e0f-1a2b3c4d5e6f.jpg';

describe('pictures from our own uploads only', () => {
  it('accepts a file of the local store and of the hosted delivery base', () => {
    expect(isUploadedImageUrl(`/uploads/${KEY}`, [LOCAL_UPLOAD_PREFIX])).toBe(true);
    expect(isUploadedImageUrl(`${HOSTED}v1712345678/abc123.jpg`, [HOSTED])).toBe(true);
    expect(isUploadedImageUrl(`${HOSTED}c_fill,w_150/v1/folder/abc-1.webp`, [HOSTED])).toBe(true);
  });

  it.each([
    ['another host', 'https://tracker.example/pixel.gif'],
    ['another cloud on the same service', 'https://res.cloudinary.com/someone/image/upload/a.jpg'],
    ['a look-alike host', 'https://res.cloudinary.com.evil.example/linkcoin/image/upload/a.jpg'],
    ['plain http to the hosted service', `http://res.cloudinary.com/linkcoin/image/upload/a.jpg`],
    ['our prefix as a user name', `${HOSTED.slice(0, -1)}@evil.example/a.jpg`],
    ['a parent directory', `${HOSTED}../../someone/image/upload/a.jpg`],
    ['a query', `${HOSTED}a.jpg?track=1`],
    ['a fragment', `${HOSTED}a.jpg#x`],
    ['an empty segment', `${HOSTED}v1//a.jpg`],
    ['nothing after the prefix', HOSTED],
    ['a local path out of the directory', '/uploads/../secrets.json'],
    ['a local path with a percent escape', '/uploads/%2e%2e%2fsecrets.json'],
    ['the local path under another directory', '/uploadsx/a.jpg'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:image/png;base64,iVBORw0KGgo='],
    ['a space', `${HOSTED}a b.jpg`],
    ['too long', `${HOSTED}${'a'.repeat(500)}.jpg`],
  ])('refuses %s', (_name, url) => {
    expect(isUploadedImageUrl(url, [HOSTED, LOCAL_UPLOAD_PREFIX])).toBe(false);
  });

  it('accepts only well-formed prefixes, so a misconfigured store allows nothing', () => {
    expect(isUploadPrefix(LOCAL_UPLOAD_PREFIX)).toBe(true);
    expect(isUploadPrefix(HOSTED)).toBe(true);
    for (const prefix of ['', '/', 'https://', 'http://images.example/', 'https://a.example']) {
      expect(isUploadPrefix(prefix), prefix).toBe(false);
    }
    expect(isUploadedImageUrl('https://evil.example/a.jpg', ['https://'])).toBe(false);
    expect(isUploadedImageUrl('/a.jpg', ['/'])).toBe(false);
  });

  it('builds the rule from the prefixes, and checks only the shape without them', () => {
    const ours = uploadedImagesOnly([HOSTED]);
    expect(ours(`${HOSTED}a.jpg`)).toBe(true);
    expect(ours(`/uploads/${KEY}`)).toBe(false);
    expect(plausibleImageUrl(`/uploads/${KEY}`)).toBe(true);
    expect(plausibleImageUrl('https://images.example/a.jpg')).toBe(true);
    expect(plausibleImageUrl('http://images.example/a.jpg')).toBe(false);
    expect(plausibleImageUrl('javascript:alert(1)')).toBe(false);
  });
});
