import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import type { ImageUrlRule } from '@linkcoin/domain/uploads/urls.ts';
import {
  collectionParams,
  collectionRequest,
  type CollectionAnswer,
  type CollectionChangeAnswer,
  type RenewalAnswer,
} from '@linkcoin/domain/collections/contracts.ts';
import { COLLECTION_MESSAGES as CM } from '@linkcoin/domain/collections/messages.ts';
import type { Request } from 'express';
import { callerOf, signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import type { ClientKeys } from '../platform/http/idempotency.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { parseBody, parseParams } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import type { CollectionHandlers } from './handlers.ts';

/** Only the user themselves spends or changes their list, admins included. */
const own = { in: 'body', field: 'userId', ownOnly: true } as const;

/** The body of a change, for its caller only (the guard checks it already; coins, so again). */
const pairOf = (req: Request) => {
  const input = parseBody(collectionRequest, req);
  if (input.userId !== callerOf(req).userId) {
    throw new DomainError('forbidden', ACCOUNT_MESSAGES.notYourAccount);
  }
  return input;
};

/** docs/product-spec.md section 7, "Collection" (prefix /api/collection). */
export const collectionEndpoints = ({
  collections,
  keys,
  clock,
  isOurImage,
}: {
  collections: CollectionHandlers;
  keys: ClientKeys;
  clock: Clock;
  isOurImage: ImageUrlRule;
}): Endpoint[] => [
  {
    method: 'get',
    path: '/collection/users/:userId',
    summary:
      "A user's connections, newest activity first: the creators they added and the payers who added them, with the last message, unread count and expiry (admins may read anyone's)",
    access: signedIn(),
    subject: { in: 'params', field: 'userId' },
    input: { params: collectionParams },
    handler: async (req, res) => {
      const { userId } = parseParams(collectionParams, req);
      res.json({
        success: true,
        collections: await collections.listOf(userId, clock.now(), isOurImage),
      } satisfies CollectionAnswer);
    },
  },
  {
    method: 'post',
    path: '/collection/users/add',
    summary:
      'Spend 1 LinkCoin to add a creator to your list and open 7 days of chat (Idempotency-Key accepted)',
    access: signedIn(),
    subject: own,
    acceptsIdempotencyKey: true,
    input: { body: collectionRequest },
    handler: async (req, res) => {
      await collections.add(pairOf(req), () => keys.keyedMetadata(req));
      res.status(201).json({ success: true, message: CM.added } satisfies CollectionChangeAnswer);
    },
  },
  {
    method: 'post',
    path: '/collection/users/remove',
    summary: 'Take a creator off your list; the conversation closes (no coin back)',
    access: signedIn(),
    subject: own,
    input: { body: collectionRequest },
    handler: async (req, res) => {
      await collections.remove(pairOf(req), commandMetadata(req, clock));
      res.json({ success: true, message: CM.removed } satisfies CollectionChangeAnswer);
    },
  },
  {
    method: 'post',
    path: '/collection/users/update',
    summary:
      'Spend 1 LinkCoin to renew a conversation for 7 days from the later of now and its expiry (Idempotency-Key accepted)',
    access: signedIn(),
    subject: own,
    acceptsIdempotencyKey: true,
    input: { body: collectionRequest },
    handler: async (req, res) => {
      const renewed = await collections.renew(pairOf(req), () => keys.keyedMetadata(req));
      res.json({
        success: true,
        message: CM.renewed,
        newDate: renewed.data.expiresAt,
      } satisfies RenewalAnswer);
    },
  },
];
