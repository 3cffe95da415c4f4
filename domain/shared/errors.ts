/**
 * Why a command was refused. The kinds map to HTTP statuses at the edge
 * (validation 400, unauthorized 401, forbidden 403, not_found 404, conflict 409,
 * rate_limited 429); the message is shown to the user as is.
 */
export type DomainErrorKind =
  'validation' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited';

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
