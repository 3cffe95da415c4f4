/**
 * Uploaded images, made safe to store and serve (issue 7, deliverable 5). A library module, not
 * a port: there is one implementation, sharp (libvips, prebuilt N-API binaries from the npm
 * registry), and the upload endpoint calls it before the UploadStorage port.
 *
 * 1. The header alone is read (format, dimensions, frames): anything but JPEG, PNG, WebP or GIF
 *    is refused (415), and so is an image past the pixel limits (413), before a pixel is decoded.
 * 2. The image is decoded and re-encoded in its own format: turned upright from its EXIF
 *    orientation, then written without any metadata (EXIF with GPS, XMP, IPTC, comments, ICC:
 *    colours are converted to sRGB, the web's default, so no profile is needed). Animated GIF
 *    and WebP keep their frames, delays and loop count. A file that does not decode to its end
 *    (truncated, corrupt) is refused (422).
 */
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from '@linkcoin/domain/uploads/limits.ts';
import { UPLOAD_LIMIT_MESSAGES as M } from '@linkcoin/domain/uploads/messages.ts';
import type { ImageFormat } from '@linkcoin/domain/uploads/uploads.ts';
import type { ImageFile } from '../uploads/port.ts';

export type ImageLimits = Readonly<{
  /** Pixels of the whole image: width × height × frames. */
  maxPixels: number;
  /** Width and height of one frame. */
  maxSide: number;
}>;

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxPixels: IMAGE_MAX_PIXELS,
  maxSide: IMAGE_MAX_SIDE,
};

/** What the header says, before any decoding. */
export type ImageHeader = Readonly<{
  format: ImageFormat;
  /** One frame, as stored (before the EXIF orientation is applied). */
  width: number;
  height: number;
  frames: number;
  /** A palette (indexed-colour) image: a PNG stays one. */
  palette: boolean;
}>;

/** A re-encoded image, ready for UploadStorage.save. */
export type NormalisedImage = ImageFile &
  Readonly<{
    format: ImageFormat;
    /** Upright, as stored and shown. */
    width: number;
    height: number;
    frames: number;
  }>;

export type ImageRefusal = 'not_an_image' | 'too_large' | 'damaged';

const STATUS: Readonly<Record<ImageRefusal, number>> = {
  not_an_image: 415,
  too_large: 413,
  damaged: 422,
};

/** Why an upload is not accepted: `message` is for the user, `status` for the HTTP answer. */
export class ImageRefused extends Error {
  readonly reason: ImageRefusal;
  readonly status: number;

  constructor(reason: ImageRefusal, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageRefused';
    this.reason = reason;
    this.status = STATUS[reason];
  }
}

const FILE_TYPES: Readonly<Record<ImageFormat, Pick<ImageFile, 'extension' | 'mime'>>> = {
  jpeg: { extension: 'jpg', mime: 'image/jpeg' },
  png: { extension: 'png', mime: 'image/png' },
  webp: { extension: 'webp', mime: 'image/webp' },
  gif: { extension: 'gif', mime: 'image/gif' },
};

const isAccepted = (format: string | undefined): format is ImageFormat =>
  format !== undefined && Object.hasOwn(FILE_TYPES, format);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * Whether the first bytes announce one of the accepted formats: a file that does and yet has no
 * readable header is damaged (422) rather than something else (415).
 */
const hasAcceptedSignature = (bytes: Uint8Array): boolean =>
  startsWith(bytes, [0xff, 0xd8, 0xff]) ||
  startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
  startsWith(bytes, ascii('GIF8')) ||
  (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8));

/**
 * Reads the header only (libvips loads no pixels for metadata), with sharp's own pixel limit off
 * so that our limits, with our message, decide.
 */
export const readImageHeader = async (bytes: Uint8Array): Promise<ImageHeader> => {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    if (hasAcceptedSignature(bytes)) throw new ImageRefused('damaged', M.damaged, { cause: error });
    throw new ImageRefused('not_an_image', M.notAnImage, { cause: error });
  }
  if (!isAccepted(metadata.format) || !metadata.width || !metadata.height) {
    throw new ImageRefused('not_an_image', M.notAnImage);
  }
  const frames = Math.max(1, metadata.pages ?? 1);
  // Without `animated`, sharp reports one frame's height; pageHeight when it is given.
  const height = metadata.pageHeight ?? metadata.height;
  return {
    format: metadata.format,
    width: metadata.width,
    height,
    frames,
    palette: metadata.isPalette === true,
  };
};

/** Refuses (413) what is too large to decode: before any pixel is allocated. */
export const checkImageLimits = (
  header: ImageHeader,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): void => {
  const { width, height, frames } = header;
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new ImageRefused('too_large', M.tooManyPixels);
  }
  if (width * height * frames > limits.maxPixels) {
    throw new ImageRefused('too_large', M.animationTooLarge);
  }
};

/** Encoder settings per format: good quality, the frames of an animation kept. */
const encode = (pipeline: Sharp, format: ImageFormat, palette: boolean): Sharp => {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85 });
    case 'png':
      return pipeline.png({ palette });
    case 'webp':
      return pipeline.webp({ quality: 85 });
    case 'gif':
      return pipeline.gif();
  }
};

/**
 * Checks, re-encodes and strips an uploaded image. Throws ImageRefused (415 not an accepted
 * image, 413 past the pixel limits, 422 damaged); any other error is a fault of ours.
 */
export const normaliseImage = async (
  bytes: Uint8Array,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<NormalisedImage> => {
  const header = await readImageHeader(bytes);
  checkImageLimits(header, limits);
  const animated = header.frames > 1;
  let output: { data: Buffer; info: OutputInfo };
  try {
    const pipeline = sharp(bytes, {
      animated,
      autoOrient: true,
      // Stop at truncated or corrupt pixel data, tolerate harmless warnings.
      failOn: 'error',
      // A second fence, should a header lie about its size in a way the check above missed.
      limitInputPixels: limits.maxPixels,
    });
    // No withMetadata/keep*: sharp writes no EXIF, XMP, IPTC or ICC and converts to sRGB.
    output = await encode(pipeline, header.format, header.palette).toBuffer({
      resolveWithObject: true,
    });
  } catch (error) {
    throw new ImageRefused('damaged', M.damaged, { cause: error });
  }
  const frames = animated ? (output.info.pages ?? header.frames) : 1;
  const height = animated
    ? (output.info.pageHeight ?? output.info.height / frames)
    : output.info.height;
  return {
    bytes: new Uint8Array(output.data.buffer, output.data.byteOffset, output.data.byteLength),
    ...FILE_TYPES[header.format],
    format: header.format,
    width: output.info.width,
    height,
    frames,
  };
};
