import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { DomainError, type DomainErrorKind } from '@linkcoin/domain/shared/errors.ts';
import { WrongExpectedRevisionError } from '@linkcoin/infra/eventstore/port.ts';

/** An error the edge answers with its own status and message. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

const statusOfKind: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  upstream: 502,
  unavailable: 503,
};

/** The one error body of the whole API. */
export type ErrorBody = { success: false; message: string };

const body = (message: string): ErrorBody => ({ success: false, message });

export const notFoundApi: RequestHandler = (req, res) => {
  res.status(404).json(body(`No API endpoint ${req.method} ${req.originalUrl.split('?')[0]}`));
};

type BodyParserError = Error & { type?: string; status?: number };

/**
 * Turns every failure into `{ success: false, message }`: refusals and invalid input with their
 * own message, anything unexpected as a 500 whose details go to the log, not to the client.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  if (error instanceof HttpError) return void res.status(error.status).json(body(error.message));
  if (error instanceof DomainError) {
    return void res.status(statusOfKind[error.kind]).json(body(error.message));
  }
  if (error instanceof z.ZodError) {
    return void res.status(400).json(body(error.issues[0]?.message ?? 'Invalid input'));
  }
  if (error instanceof WrongExpectedRevisionError) {
    return void res
      .status(409)
      .json(body('This changed at the same time elsewhere. Please try again.'));
  }
  const parserError = error as BodyParserError;
  if (parserError.type === 'entity.too.large') {
    return void res.status(413).json(body('The request body is too large'));
  }
  if (parserError.type === 'entity.parse.failed') {
    return void res.status(400).json(body('The request body is not valid JSON'));
  }
  if (parserError.type === 'encoding.unsupported' || parserError.type === 'charset.unsupported') {
    return void res.status(415).json(body('Unsupported request encoding'));
  }
  // Other client errors raised by middleware (http-errors: serve-static's 404, multer, …).
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return void res
      .status(status)
      .json(body(status === 404 ? 'Not found' : 'The request could not be handled'));
  }
  req.log.error({ err: error }, 'unhandled error');
  res.status(500).json(body('Something went wrong on our side. Please try again.'));
};
