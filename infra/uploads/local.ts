import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCAL_UPLOAD_PREFIX } from '@linkcoin/domain/uploads/urls.ts';
import type { PortStatus } from '../shared/port-status.ts';
import type { ImageFile, StoredImage, UploadStorage } from './port.ts';

/** The path the API serves the files under: `/uploads`, on our own origin. */
export const LOCAL_UPLOADS_PATH = LOCAL_UPLOAD_PREFIX.slice(0, -1);

/** The only names this store gives: a key is nothing else, so it can never leave the directory. */
const LOCAL_KEY =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp|gif)$/;

/**
 * The embedded store: files in the data directory, named by a random UUID (never by the
 * uploader), served by the API under /uploads.
 */
export class LocalUploadStorage implements UploadStorage {
  readonly adapter = 'local';
  readonly urlPrefixes: readonly string[] = [LOCAL_UPLOAD_PREFIX];
  readonly #directory: string;

  constructor(options: { directory: string }) {
    this.#directory = options.directory;
  }

  get directory(): string {
    return this.#directory;
  }

  async save(image: ImageFile): Promise<StoredImage> {
    await mkdir(this.#directory, { recursive: true });
    const name = `${randomUUID()}.${image.extension}`;
    await writeFile(join(this.#directory, name), image.bytes, { flag: 'wx', mode: 0o644 });
    return { url: `${LOCAL_UPLOADS_PATH}/${name}`, key: name };
  }

  async delete(key: string): Promise<void> {
    if (!LOCAL_KEY.test(key))
      throw new Error(`Not a key of this upload store: ${JSON.stringify(key)}`);
    try {
      await unlink(join(this.#directory, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  async status(): Promise<PortStatus> {
    return { port: 'uploads', adapter: this.adapter, ok: true, detail: this.#directory };
  }

  async close(): Promise<void> {}
}
