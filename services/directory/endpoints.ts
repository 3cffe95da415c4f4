import { z } from 'zod';
import {
  demoAccountsRequest,
  type DemoAccountsAnswer,
} from '@linkcoin/domain/directory/contracts.ts';
import { directoryQuery } from '@linkcoin/domain/directory/search.ts';
import { idField } from '@linkcoin/domain/shared/numbers.ts';
import {
  anyoneIdentified,
  callerOf,
  principalOf,
  signedIn,
  type Endpoint,
} from '../platform/http/endpoint.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { parseBody, parseParams, parseQuery } from '../platform/http/validate.ts';
import type { Clock } from '../platform/tokens.ts';
import type { DirectoryHandlers } from './handlers.ts';

const userParams = z.object({ userId: idField('userId') });

/**
 * Spec section 7's `GET /users` (the directory, and with `view=discovery` the coin-gated grid),
 * the visibility bar for the wizard, and the console's demo seeding (`make seed` while a server
 * runs).
 */
export const directoryEndpoints = (deps: {
  directory: DirectoryHandlers;
  clock: Clock;
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
      res.json(await deps.directory.search(request, principalOf(req), req.ip ?? 'unknown'));
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
    method: 'post',
    path: '/admin/demo-accounts',
    summary: 'Make demo creators and brands through the real commands, each once (make seed)',
    access: signedIn('admin'),
    input: { body: demoAccountsRequest },
    handler: async (req, res) => {
      const { accounts, password } = parseBody(demoAccountsRequest, req);
      const outcomes = await deps.directory.seedDemo(
        accounts,
        password,
        callerOf(req),
        commandMetadata(req, deps.clock),
      );
      res.json({ success: true, accounts: outcomes } satisfies DemoAccountsAnswer);
    },
  },
];
