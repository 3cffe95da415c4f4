import { randomUUID } from 'node:crypto';
import type { PortStatus } from '../shared/port-status.ts';
import { UploadRejected, type ImageFile, type StoredImage, type UploadStorage } from './port.ts';

export type HostedUploadOptions = Readonly<{
  /** The service's upload endpoint, e.g. https://api.cloudinary.com/v1_1/<cloud>/image/upload */
  url: string;
  /** An unsigned upload preset configured on the service. */
  uploadPreset: string;
  timeoutMs?: number;
}>;

/**
 * A hosted image service speaking the spec's upload call: multipart with `file` and
 * `upload_preset`, answering JSON with `secure_url` (Cloudinary's unsigned upload API).
 * A non-OK answer is an error carrying its status.
 */
export class HostedUploadStorage implements UploadStorage {
  readonly adapter = 'hosted';
  readonly #options: HostedUploadOptions;

  constructor(options: HostedUploadOptions) {
    this.#options = options;
  }

  async save(image: ImageFile): Promise<StoredImage> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([image.bytes], { type: image.mime }),
      `${randomUUID()}.${image.extension}`,
    );
    form.append('upload_preset', this.#options.uploadPreset);
    let response: Response;
    try {
      response = await fetch(this.#options.url, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new UploadRejected(`The image service could not be reached (${String(error)})`, 502);
    }
    if (!response.ok) {
      throw new UploadRejected(
        `The image service refused the upload (status ${response.status})`,
        502,
      );
    }
    const body = (await response.json().catch(() => null)) as { secure_url?: unknown } | null;
    if (!body || typeof body.secure_url !== 'string' || !body.secure_url.startsWith('https://')) {
      throw new UploadRejected('The image service answered without a secure_url', 502);
    }
    return { url: body.secure_url };
  }

  async status(): Promise<PortStatus> {
    return {
      port: 'uploads',
      adapter: this.adapter,
      ok: true,
      detail: new URL(this.#options.url).host,
    };
  }

  async close(): Promise<void> {}
}
