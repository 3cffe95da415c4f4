import { createHash } from 'node:crypto';
import type { Request } from 'express';
import {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  idempotencyDecider,
  idempotencyStreamId,
} from '@linkcoin/domain/shared/idempotency.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { CommandHandler } from '@linkcoin/infra/eventstore/command-handler.ts';
import { fingerprintOf } from '@linkcoin/infra/eventstore/fingerprint.ts';
import type { Clock } from '../clock.ts';
import { commandMetadata, correlationIdOf } from './metadata.ts';

/**
 * A client's Idempotency-Key (docs/design.md section 6). Only endpoints that declare
 * `acceptsIdempotencyKey` take one (where a retried request could otherwise pay twice); on every
 * other endpoint the header is ignored and never reaches a command.
 *
 * The key is claimed, once the request has passed validation, for the request it first came
 * with: the endpoint, the caller and a fingerprint of the parameters, query and body, in an
 * `idempotency-<hash of caller and key>` stream. The same key with anything else is refused with
 * 422 and changes nothing, whatever stream it would touch; the same request again goes on, and
 * the one command that carries the key returns the earlier result (the command handler binds the
 * key to that command's type and data as well).
 */
export type KeyedRequest = Readonly<{ endpoint: string; userId: string; key: string }>;

const keyed = new WeakMap<Request, KeyedRequest>();

/** Called by the endpoint guard for a signed-in caller of an endpoint that accepts keys. */
export const acceptIdempotencyKey = (req: Request, endpoint: string, userId: string): void => {
  const key = req.get('Idempotency-Key');
  if (key === undefined) return;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new DomainError('validation', IDEMPOTENCY_MESSAGES.invalidKey);
  }
  keyed.set(req, { endpoint, userId, key });
};

export type ClientKeys = Readonly<{
  /**
   * The metadata of the one command of this request that the client's key makes idempotent.
   * Claims the key first (refusing a reuse); without a key, plain command metadata.
   */
  keyedMetadata: (req: Request) => Promise<CommandMetadata>;
}>;

export const createClientKeys = (commands: CommandHandler, clock: Clock): ClientKeys => ({
  keyedMetadata: async (req) => {
    const meta = commandMetadata(req, clock);
    const request = keyed.get(req);
    if (!request) return meta;
    const scoped = `client:${request.userId}:${request.key}`;
    const stream = idempotencyStreamId(createHash('sha256').update(scoped).digest('base64url'));
    const fingerprint = fingerprintOf(request.endpoint, {
      params: req.params,
      query: req.query,
      body: req.body as unknown,
    });
    const correlationId = correlationIdOf(req);
    await commands.handle(idempotencyDecider, stream, {
      type: 'ClaimIdempotencyKey',
      data: { endpoint: request.endpoint, fingerprint },
      metadata: { ...meta, correlationId, causationId: correlationId },
    });
    return { ...meta, idempotencyKey: scoped };
  },
});
