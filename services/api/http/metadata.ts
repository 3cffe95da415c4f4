import type { Request } from 'express';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { Clock } from '../../runtime/tokens.ts';
import { principalOf } from './endpoint.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The context of a command sent from an HTTP request: the caller, the request id as correlation
 * and causation, and the client's Idempotency-Key header when it sends a sane one.
 */
export const commandMetadata = (req: Request, clock: Clock): CommandMetadata => {
  const key = req.get('Idempotency-Key');
  const requestId = String(req.id);
  return {
    now: clock.now(),
    actorUserId: principalOf(req)?.userId ?? null,
    correlationId: requestId,
    causationId: requestId,
    ...(key && IDEMPOTENCY_KEY.test(key) ? { idempotencyKey: key } : {}),
  };
};
