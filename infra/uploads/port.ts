import type { Closeable, PortStatus } from '../shared/port-status.ts';

/** An image already checked by content (see services/uploads): bytes, extension and type. */
export type ImageFile = Readonly<{
  bytes: Uint8Array;
  extension: 'jpg' | 'png' | 'webp' | 'gif';
  mime: string;
}>;

export type StoredImage = Readonly<{
  /** Where browsers load it: `/uploads/<name>` locally, an https URL on a hosted service. */
  url: string;
  /** What names the file to `delete`: random, unique, and part of the URL. */
  key: string;
}>;

/** Where uploaded images live. The caller has checked type and size; the store picks the name. */
export interface UploadStorage extends Closeable {
  readonly adapter: string;
  /**
   * Where its files are served: every URL `save` answers starts with one of these, and picture
   * URLs a profile may store are exactly such URLs (domain/uploads/urls.ts). `/uploads/` for the
   * local store (our own origin), the delivery base for a hosted service.
   */
  readonly urlPrefixes: readonly string[];
  save(image: ImageFile): Promise<StoredImage>;
  /**
   * Removes a stored file (orphans, see domain/uploads). Deleting what is already gone succeeds,
   * so a retried cleanup is harmless.
   */
  delete(key: string): Promise<void>;
  status(): Promise<PortStatus>;
}

export class UploadRejected extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'UploadRejected';
    this.status = status;
  }
}
