import type { RequestHandler } from 'express';
import multer from 'multer';
import { rateLimit } from 'express-rate-limit';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { UploadRejected, type UploadStorage } from '@linkcoin/infra/uploads/port.ts';
import { signedIn, type Endpoint } from '../http/endpoint.ts';
import { HttpError } from '../http/errors.ts';
import { asImage } from './image-check.ts';

export const UPLOAD_MESSAGES = {
  missing: 'Choose an image to upload.',
  notAnImage: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
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
 * POST /api/uploads/image: multipart with `file` (and, as the spec's client sends it, an ignored
 * `upload_preset`), answering `secure_url` like the hosted image service the spec calls. The URL
 * becomes a profilePicUrl or a postLink.
 */
export const uploadEndpoints = (deps: { storage: UploadStorage; maxBytes: number }): Endpoint[] => [
  {
    method: 'post',
    path: '/uploads/image',
    summary:
      'Upload an image (profile picture or past post): checked by content, renamed at random',
    access: signedIn(),
    limits: [
      rateLimit({
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
      const image = await asImage(new Uint8Array(file.buffer));
      // 415 is about the request's body itself, which no DomainError kind names: an edge status.
      if (!image) throw new HttpError(415, UPLOAD_MESSAGES.notAnImage);
      try {
        const stored = await deps.storage.save(image);
        res.status(201).json({ success: true, secure_url: stored.url, url: stored.url });
      } catch (error) {
        // The image service failed or could not be reached (the adapter's only refusal).
        if (error instanceof UploadRejected) throw new DomainError('upstream', error.message);
        throw error;
      }
    },
  },
];
