import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../platform/http/endpoint.ts';
import type { ContextSecurity, EndpointSecurity } from '../../testing/security.ts';
import { tableProblems } from './fixtures.ts';

const endpoint = (method: Endpoint['method'], path: string) => ({ method, path }) as Endpoint;
const entry: EndpointSecurity = { access: 'anyone', valid: async () => ({ as: null }) };

describe('the security table check', () => {
  const served = new Map([
    ['wallet', [endpoint('get', '/wallet/me')]],
    ['payments', [endpoint('post', '/payment/pay')]],
  ]);

  it('passes when every endpoint has its entry in its own context', () => {
    const byContext = new Map<string, ContextSecurity>([
      ['wallet', { 'GET /wallet/me': entry }],
      ['payments', { 'POST /payment/pay': entry }],
    ]);
    expect(tableProblems({ byContext, entries: {} }, { endpointsByContext: served })).toEqual([]);
  });

  it('names an endpoint whose entry is missing or kept by another context', () => {
    const byContext = new Map<string, ContextSecurity>([
      ['wallet', {}],
      ['payments', { 'POST /payment/pay': entry, 'GET /wallet/me': entry }],
    ]);
    expect(tableProblems({ byContext, entries: {} }, { endpointsByContext: served })).toEqual([
      'GET /wallet/me: no entry in services/wallet/security.ts',
      'services/payments/security.ts: an entry for GET /wallet/me, which payments does not serve',
    ]);
  });
});
