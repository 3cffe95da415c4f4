import { fileTypeFromBuffer } from 'file-type';
import type { ImageFile } from '@linkcoin/infra/uploads/port.ts';

const ACCEPTED = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

/**
 * What an upload really is, read from its first bytes: a file named photo.png that is really a
 * script or an SVG (which can carry one) is refused, whatever its name or declared type.
 */
export const asImage = async (bytes: Uint8Array): Promise<ImageFile | null> => {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  const extension = detected.ext as keyof typeof ACCEPTED;
  const mime = ACCEPTED[extension];
  return mime === detected.mime ? { bytes, extension, mime } : null;
};
