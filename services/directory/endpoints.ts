import { z } from 'zod';
import { directoryQuery } from '@linkcoin/domain/directory/search.ts';
import {
  interestsRequest,
  recommendationsQuery,
} from '@linkcoin/domain/recommendations/contracts.ts';
import { idField } from '@linkcoin/domain/shared/numbers.ts';
import {
  anyoneIdentified,
  brandsOnly,
  callerOf,
  principalOf,
  signedIn,
  type Endpoint,
} from '../platform/http/endpoint.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { parseBody, parseParams, parseQuery } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import type { AnalyticsRecorder } from '../platform/analytics/recorder.ts';
import type { DirectoryHandlers } from './handlers.ts';

const userParams = z.object({ userId: idField('userId') });

/**
 * docs/product-spec.md section 7's `GET /users` (the directory, and with `view=discovery` the coin-gated grid),
 * and the visibility bar for the wizard.
 */
export const directoryEndpoints = (deps: {
  directory: DirectoryHandlers;
  clock: Clock;
  analytics: AnalyticsRecorder;
}): Endpoint[] => [
  {
    method: 'get',
    path: '/pageowners/users',
    summary:
      'Search the creators (spec filters, sort, verifiedOnly); view=discovery is the grid whose pages LinkCoins unlock',
    access: anyoneIdentified,
    input: { query: directoryQuery },
    handler: async (req, res) => {
      const request = parseQuery(directoryQuery, req);
      const answer = await deps.directory.search(request, principalOf(req), req.ip ?? 'unknown');
      res.json(deps.analytics.shown(req, res, request, answer));
    },
  },
  {
    method: 'get',
    path: '/pageowners/visibility/:userId',
    summary: "A creator's visibility level (basic, complete, verified) and what would raise it",
    access: signedIn(),
    subject: { in: 'params', field: 'userId' },
    input: { params: userParams },
    handler: async (req, res) => {
      const { userId } = parseParams(userParams, req);
      res.json(await deps.directory.visibility(userId, deps.clock.now()));
    },
  },
  {
    method: 'get',
    path: '/recommendations',
    summary:
      "The signed-in brand's recommended creators, scored by its own searches, list and picked interests, each with its reasons",
    access: brandsOnly,
    input: { query: recommendationsQuery },
    handler: async (req, res) => {
      const { limit } = parseQuery(recommendationsQuery, req);
      res.json(await deps.directory.recommendations(callerOf(req).userId, limit));
    },
  },
  {
    method: 'put',
    path: '/recommendations/interests',
    summary:
      "The interests a brand picks on its first visit (its own; the product categories' groups)",
    access: brandsOnly,
    input: { body: interestsRequest },
    handler: async (req, res) => {
      const { interests } = parseBody(interestsRequest, req);
      await deps.directory.chooseInterests(
        callerOf(req).userId,
        interests,
        commandMetadata(req, deps.clock),
      );
      res.json({ success: true, message: 'Your interests are saved.' });
    },
  },
];
