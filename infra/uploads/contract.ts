/**
 * The one contract every UploadStorage passes: what is saved can be fetched back, unchanged,
 * until it is deleted by its key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUploadedImageUrl } from '@linkcoin/domain/uploads/urls.ts';
import type { ImageFile, UploadStorage } from './port.ts';

export type UploadFixture = Readonly<{
  storage: UploadStorage;
  /** The bytes behind a URL the storage answered; null when nothing is served there. */
  fetchBack: (url: string) => Promise<Uint8Array | null>;
  dispose: () => Promise<void>;
}>;

/** The smallest valid PNG: a 1x1 transparent pixel. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export const describeUploadContract = (
  adapter: string,
  setup: () => Promise<UploadFixture>,
): void => {
  describe(`UploadStorage contract: ${adapter}`, () => {
    let fixture: UploadFixture;
    beforeAll(async () => {
      fixture = await setup();
    });
    afterAll(async () => {
      await fixture?.dispose();
    });

    const image: ImageFile = { bytes: TINY_PNG, extension: 'png', mime: 'image/png' };

    it('stores an image and gives back a URL that serves the same bytes', async () => {
      const { url } = await fixture.storage.save(image);
      expect(url).toMatch(/^(\/uploads\/|https:\/\/)/);
      const served = await fixture.fetchBack(url);
      expect(served && Buffer.from(served).equals(Buffer.from(TINY_PNG))).toBe(true);
    });

    it('names every upload afresh, whatever the image', async () => {
      const first = await fixture.storage.save(image);
      const second = await fixture.storage.save(image);
      expect(first.url).not.toBe(second.url);
      expect(first.url).toMatch(/[0-9a-f-]{36}\.png$/);
    });

    it('answers URLs under its declared prefixes, the only pictures a profile accepts', async () => {
      const { url } = await fixture.storage.save(image);
      expect(fixture.storage.urlPrefixes.length).toBeGreaterThan(0);
      expect(isUploadedImageUrl(url, fixture.storage.urlPrefixes)).toBe(true);
    });

    it('answers a key that names the file and appears in its URL', async () => {
      const stored = await fixture.storage.save(image);
      expect(stored.key).not.toBe('');
      expect(stored.url).toContain(stored.key);
      const other = await fixture.storage.save(image);
      expect(other.key).not.toBe(stored.key);
    });

    it('deletes a stored image by its key: its URL serves nothing afterwards', async () => {
      const kept = await fixture.storage.save(image);
      const stored = await fixture.storage.save(image);
      expect(await fixture.fetchBack(stored.url)).not.toBeNull();
      await fixture.storage.delete(stored.key);
      expect(await fixture.fetchBack(stored.url)).toBeNull();
      // Only that one.
      expect(await fixture.fetchBack(kept.url)).not.toBeNull();
    });

    it('deletes again without complaint, so a retried cleanup is harmless', async () => {
      const stored = await fixture.storage.save(image);
      await fixture.storage.delete(stored.key);
      await expect(fixture.storage.delete(stored.key)).resolves.toBeUndefined();
      expect(await fixture.fetchBack(stored.url)).toBeNull();
    });

    it('reports its status', async () => {
      expect(await fixture.storage.status()).toMatchObject({
        port: 'uploads',
        adapter: fixture.storage.adapter,
        ok: true,
      });
    });
  });
};
