import { demoAccountsRequest, type DemoAccountsAnswer } from '@linkcoin/domain/demo/contracts.ts';
import { callerOf, signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import { commandMetadata } from '../platform/http/metadata.ts';
import { parseBody } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import type { DemoHandlers } from './handlers.ts';

/** The console's demo seeding (`make seed` while a server runs). */
export const demoEndpoints = (deps: { demo: DemoHandlers; clock: Clock }): Endpoint[] => [
  {
    method: 'post',
    path: '/admin/demo-accounts',
    summary: 'Make demo creators and brands through the real commands, each once (make seed)',
    access: signedIn('admin'),
    input: { body: demoAccountsRequest },
    handler: async (req, res) => {
      const { accounts, password } = parseBody(demoAccountsRequest, req);
      const outcomes = await deps.demo.seedDemo(
        accounts,
        password,
        callerOf(req),
        commandMetadata(req, deps.clock),
      );
      res.json({ success: true, accounts: outcomes } satisfies DemoAccountsAnswer);
    },
  },
];
