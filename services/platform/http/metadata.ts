import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { CommandMetadata } from '@linkcoin/domain/shared/messages.ts';
import type { Clock } from '../clock.ts';
import { logsAt } from './access-log.ts';
import { principalOf } from './principal.ts';

const correlations = new WeakMap<Request, string>();

/**
 * The correlation id of everything one request causes: minted by the server, once per request.
 * A client's X-Request-Id stays in the logs (it is the access log's request id) but never becomes
 * the correlation or causation of events, so the audit trail cannot be spoofed.
 */
export const correlationIdOf = (req: Request): string => {
  let id = correlations.get(req);
  if (!id) {
    id = randomUUID();
    correlations.set(req, id);
    if (logsAt(req, 'debug')) {
      req.log.debug({ correlationId: id }, 'correlation id of the events this request causes');
    }
  }
  return id;
};

/**
 * The context of a command sent from an HTTP request: the caller and the request's correlation
 * id. A client's Idempotency-Key header is never attached to commands wholesale: endpoints that
 * accept one bind it to the command, the caller and the payload themselves.
 */
export const commandMetadata = (req: Request, clock: Clock): CommandMetadata => {
  const correlationId = correlationIdOf(req);
  return {
    now: clock.now(),
    actorUserId: principalOf(req)?.userId ?? null,
    correlationId,
    causationId: correlationId,
  };
};
