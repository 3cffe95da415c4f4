import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PortStatus } from '../shared/port-status.ts';
import type { ImageFile, StoredImage, UploadStorage } from './port.ts';

export const LOCAL_UPLOADS_PATH = '/uploads';

/**
 * The embedded store: files in the data directory, named by a random UUID (never by the
 * uploader), served by the API under /uploads.
 */
export class LocalUploadStorage implements UploadStorage {
  readonly adapter = 'local';
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
    return { url: `${LOCAL_UPLOADS_PATH}/${name}` };
  }

  async status(): Promise<PortStatus> {
    return { port: 'uploads', adapter: this.adapter, ok: true, detail: this.#directory };
  }

  async close(): Promise<void> {}
}
