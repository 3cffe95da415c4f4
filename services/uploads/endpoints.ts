import type { RequestHandler } from 'express';
import multer from 'multer';
import { rateLimit } from 'express-rate-limit';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { UPLOAD_LIMIT_MESSAGES } from '@linkcoin/domain/uploads/messages.ts';
import {
  ImageRefused,
  normaliseImage,
  type NormalisedImage,
} from '@linkcoin/infra/images/normalise.ts';
import { callerOf, signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import { HttpError } from '../platform/http/errors.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import type { Clock } from '../platform/clock.ts';
import { sharedRateLimitStore } from '../platform/shared-limits.ts';
import type { UploadHandlers } from './handlers.ts';

export const UPLOAD_MESSAGES = {
  missing: 'Choose an image to upload.',
  notAnImage: UPLOAD_LIMIT_MESSAGES.notAnImage,
  tooLarge: (maxBytes: number) =>
    `The image is larger than ${
      maxBytes >= 1024 * 1024
        ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`
        : `${Math.round(maxBytes / 1024)} KB`
    }.`,
} as const;

/**
 * One image per request, held in memory up to the size limit, nothing else accepted. Reading
 * the multipart body is the edge's business, like the JSON parser's: its refusals (413, 400)
 * are HttpErrors, as is the 415 below, statuses no DomainError kind names.
 */
const receiveOneImage = (maxBytes: number): RequestHandler => {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
  }).single('file');
  return (req, res, next) =>
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE')
          return next(new HttpError(413, UPLOAD_MESSAGES.tooLarge(maxBytes)));
        return next(new HttpError(400, UPLOAD_MESSAGES.missing));
      }
      next(new HttpError(400, 'The upload could not be read.'));
    });
};

/**
 * At most `limit` calls of `task` at once, the others waiting their turn in order. Decoding an
 * image takes up to ~160 MB of pixels (40 MP × 4 bytes): two at a time keep a small machine's
 * memory in bounds whatever the number of uploads in flight.
 */
const atMost = <A, R>(limit: number, task: (arg: A) => Promise<R>) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (arg: A): Promise<R> => {
    if (running < limit) running += 1;
    // Else wait: a finishing call hands its place over, so none can slip in between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task(arg);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
};

const NORMALISE = atMost(2, (bytes: Uint8Array) => normaliseImage(bytes));

/**
 * Reads the image's header, refuses what is not a JPEG, PNG, WebP or GIF (415) or has too many
 * pixels (413) before decoding, then re-encodes it upright without metadata (EXIF with GPS
 * included); a file that does not decode is refused (422). These are statuses about the body
 * itself, which no DomainError kind names: HttpErrors, like multer's.
 */
const normalised = async (bytes: Uint8Array): Promise<NormalisedImage> => {
  try {
    return await NORMALISE(bytes);
  } catch (error) {
    if (error instanceof ImageRefused) throw new HttpError(error.status, error.message);
    throw error;
  }
};

/**
 * POST /api/uploads/image: multipart with `file` (and, as the spec's client sends it, an ignored
 * `upload_preset`), answering `secure_url` like the hosted image service the spec calls. The URL
 * becomes a profilePicUrl or a postLink.
 */
export const uploadEndpoints = (deps: {
  uploads: UploadHandlers;
  maxBytes: number;
  clock: Clock;
}): Endpoint[] => [
  {
    method: 'post',
    path: '/uploads/image',
    summary:
      'Upload an image (profile picture or past post): checked by content and pixel size, re-encoded without metadata, counted against the user quota, renamed at random',
    access: signedIn(),
    input: { body: 'multipart' },
    limits: [
      rateLimit({
        ...sharedRateLimitStore('uploads'),
        windowMs: 15 * 60 * 1000,
        limit: 120,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        handler: (_req, res) => {
          res
            .status(429)
            .json({ success: false, message: 'Too many uploads. Please wait a few minutes.' });
        },
      }),
    ],
    handler: async (req, res) => {
      await new Promise<void>((resolve, reject) =>
        receiveOneImage(deps.maxBytes)(req, res, (error?: unknown) =>
          error ? reject(error) : resolve(),
        ),
      );
      const file = req.file;
      if (!file || file.size === 0) throw new DomainError('validation', UPLOAD_MESSAGES.missing);
      const image = await normalised(new Uint8Array(file.buffer));
      const stored = await deps.uploads.store(
        callerOf(req).userId,
        image,
        commandMetadata(req, deps.clock),
      );
      res.status(201).json({ success: true, secure_url: stored.url, url: stored.url });
    },
  },
];
