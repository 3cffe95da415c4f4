/**
 * Why a command was refused. The kinds map to HTTP statuses at the edge
 * (validation 400, unauthorized 401, forbidden 403, not_found 404, conflict 409,
 * unprocessable 422, rate_limited 429, upstream 502, unavailable 503); the message is shown to the
 * user as is.
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** The request is well formed but cannot be taken as sent (an idempotency key reused). */
  | 'unprocessable'
  | 'rate_limited'
  /** A service we depend on (mail, Google, a payment provider) failed or could not be reached. */
  | 'upstream'
  /** Not offered by this deployment (payments switched off). */
  | 'unavailable';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;

  constructor(kind: DomainErrorKind, message: string) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
  }
}

export const refuse = (kind: DomainErrorKind, message: string): never => {
  throw new DomainError(kind, message);
};
