import { createHash, randomUUID } from 'node:crypto';
import pino from 'pino';
import { isUploadedImageUrl, isUploadPrefix } from '@linkcoin/domain/uploads/urls.ts';
import type { Logger } from '../shared/logger.ts';
import type { PortStatus } from '../shared/port-status.ts';
import { UploadRejected, type ImageFile, type StoredImage, type UploadStorage } from './port.ts';

export type HostedUploadOptions = Readonly<{
  /** The service's upload endpoint, e.g. https://api.cloudinary.com/v1_1/<cloud>/image/upload */
  url: string;
  /** An unsigned upload preset configured on the service. */
  uploadPreset: string;
  /**
   * Where the service serves the uploaded files: every secure_url starts with it, and pictures
   * are accepted only from it. Defaults, for Cloudinary's API URL, to
   * `https://res.cloudinary.com/<cloud>/image/upload/`; required otherwise.
   */
  deliveryUrl?: string;
  timeoutMs?: number;
  /**
   * The service's signed-API credentials, for deleting orphans through its `destroy` call. An
   * unsigned preset can upload but cannot delete (a delete token lasts only minutes); without
   * credentials `delete` leaves the file on the service and logs a warning.
   */
  credentials?: Readonly<{
    apiKey: string;
    apiSecret: string;
    /** Defaults to the upload URL ending in `/destroy` instead of `/upload`. */
    destroyUrl?: string;
  }>;
  logger?: Logger;
  /** Seconds since the epoch, for signed calls. */
  now?: () => number;
}>;

/** Cloudinary's request signature: the parameters sorted, `k=v` joined by `&`, then the secret. */
export const signParameters = (parameters: Record<string, string>, apiSecret: string): string =>
  createHash('sha1')
    .update(
      Object.keys(parameters)
        .sort()
        .map((name) => `${name}=${parameters[name]}`)
        .join('&') + apiSecret,
    )
    .digest('hex');

const CLOUDINARY_UPLOAD_API = /^https:\/\/api\.cloudinary\.com\/v1_1\/([\w-]+)\/image\/upload$/;

/** The delivery base of a hosted store: as configured, or Cloudinary's for its API URL. */
export const deliveryPrefixOf = (options: Pick<HostedUploadOptions, 'url' | 'deliveryUrl'>) => {
  const cloud = CLOUDINARY_UPLOAD_API.exec(options.url)?.[1];
  const base =
    options.deliveryUrl ?? (cloud ? `https://res.cloudinary.com/${cloud}/image/upload/` : null);
  const prefix = base && !base.endsWith('/') ? `${base}/` : base;
  if (!prefix || !isUploadPrefix(prefix)) {
    throw new Error(
      `The hosted upload service needs the https base its images are delivered from (UPLOADS_HOSTED_DELIVERY_URL); got ${JSON.stringify(base)}`,
    );
  }
  return prefix;
};

/**
 * A hosted image service speaking the spec's upload call: multipart with `file` and
 * `upload_preset`, answering JSON with `secure_url` (Cloudinary's unsigned upload API).
 * A non-OK answer is an error carrying its status.
 */
export class HostedUploadStorage implements UploadStorage {
  readonly adapter = 'hosted';
  readonly urlPrefixes: readonly string[];
  readonly #options: HostedUploadOptions;
  readonly #logger: Logger;

  constructor(options: HostedUploadOptions) {
    this.#options = options;
    this.urlPrefixes = [deliveryPrefixOf(options)];
    this.#logger = options.logger ?? pino({ name: 'uploads', level: 'warn' });
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
    const body = (await response.json().catch(() => null)) as {
      secure_url?: unknown;
      public_id?: unknown;
    } | null;
    if (!body || typeof body.secure_url !== 'string' || !body.secure_url.startsWith('https://')) {
      throw new UploadRejected('The image service answered without a secure_url', 502);
    }
    if (typeof body.public_id !== 'string' || body.public_id === '') {
      throw new UploadRejected('The image service answered without a public_id', 502);
    }
    // Profiles accept pictures from the delivery base only: a URL elsewhere could never be used.
    if (!isUploadedImageUrl(body.secure_url, this.urlPrefixes)) {
      throw new UploadRejected('The image service answered a URL outside its delivery base', 502);
    }
    return { url: body.secure_url, key: body.public_id };
  }

  /** The service's signed `destroy` call; "not found" counts as deleted. */
  async delete(key: string): Promise<void> {
    const credentials = this.#options.credentials;
    if (!credentials) {
      this.#logger.warn(
        { key },
        'hosted upload not deleted: the image service was given no API credentials',
      );
      return;
    }
    const signed = {
      public_id: key,
      timestamp: String(Math.floor(this.#options.now?.() ?? Date.now() / 1000)),
    };
    const form = new URLSearchParams({
      ...signed,
      api_key: credentials.apiKey,
      signature: signParameters(signed, credentials.apiSecret),
    });
    const url = credentials.destroyUrl ?? this.#options.url.replace(/\/upload$/, '/destroy');
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new UploadRejected(`The image service could not be reached (${String(error)})`, 502);
    }
    const body = (await response.json().catch(() => null)) as { result?: unknown } | null;
    if (!response.ok || (body?.result !== 'ok' && body?.result !== 'not found')) {
      throw new UploadRejected(
        `The image service refused to delete the upload (status ${response.status})`,
        502,
      );
    }
  }

  async status(): Promise<PortStatus> {
    return {
      port: 'uploads',
      adapter: this.adapter,
      ok: true,
      detail: `${new URL(this.#options.url).host}${this.#options.credentials ? '' : ' (orphans are not deleted: no API credentials)'}`,
    };
  }

  async close(): Promise<void> {}
}
