/**
 * This context's endpoints as the security suite (services/runtime/security/) sees them: for each,
 * its row of the authorisation matrix (`access`) and its fixture, a valid and a refused request
 * on fresh data. An endpoint of the context without an entry here fails the suite.
 */
import request from 'supertest';
import {
  brandWithCreator,
  fundedBrand,
  type ContextSecurity,
  type Target,
} from '../testing/security.ts';

/** A replay check of one read model, started by the admin (its id). */
const replayCheckId = async (t: Target): Promise<string> => {
  const started = await request(t.server.url)
    .post('/api/admin/replay-checks')
    .set('Authorization', `Bearer ${(await t.admin()).token}`)
    .send({ readModels: ['wallets'] })
    .expect(202);
  return started.body.id as string;
};

/** The brand's connection to the creator, as the console lists it (its id). */
const connectionId = async (t: Target): Promise<string> => {
  const { brand } = await brandWithCreator(t);
  const listed = await request(t.server.url)
    .get('/api/admin/connections')
    .query({ filter: JSON.stringify({ payerId: brand.userId }) })
    .set('Authorization', `Bearer ${(await t.admin()).token}`)
    .expect(200);
  return listed.body[0].id as string;
};

export const security: ContextSecurity = {
  'GET /admin/audit/:id/ledger': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await fundedBrand(t)).userId },
      query: { range: '[0,9]', sort: '["revision","DESC"]' },
    }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'nobody-at-all' } }),
  },
  'GET /admin/audit/:id/ledger.csv': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), params: { id: (await fundedBrand(t)).userId } }),
    refused: async (t) => ({ as: await t.brand(), params: { id: (await t.brand()).userId } }),
  },
  'GET /admin/audit/:id/verifications': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.creator()).userId },
      query: { range: '[0,9]', filter: '{"channel":"email"}' },
    }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'nobody-at-all' } }),
  },
  'GET /admin/audit/:id/verifications.csv': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.creator()).userId } }),
    refused: async (t) => ({ as: await t.creator(), params: { id: (await t.creator()).userId } }),
  },
  'GET /admin/audit/:id/as-of': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({
      as: await t.admin(),
      params: { id: (await fundedBrand(t)).userId },
      query: { at: new Date().toISOString() },
    }),
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: (await t.brand()).userId },
      query: { at: 'yesterday' },
    }),
  },
  'GET /admin/read-models': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.brand() }),
  },
  'GET /admin/replay-checks': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), query: { range: '[0,9]' } }),
    refused: async (t) => ({ as: await t.creator() }),
  },
  'POST /admin/replay-checks': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), body: { readModels: ['wallets'] } }),
    refused: async (t) => ({ as: await t.admin(), body: { readModels: ['no-such-model'] } }),
  },
  'GET /admin/replay-checks/:id': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), params: { id: await replayCheckId(t) } }),
    refused: async (t) => ({
      as: await t.admin(),
      params: { id: '00000000-0000-4000-8000-000000000000' },
    }),
  },
  'GET /admin/figures': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), query: { days: '7', format: 'csv' } }),
    refused: async (t) => ({ as: await t.admin(), query: { days: '14' } }),
  },
  'GET /admin/ledger-invariants': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin() }),
    refused: async (t) => ({ as: await t.brand() }),
  },
  'GET /admin/payments': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({
      as: await t.admin(),
      query: { range: '[0,9]', filter: '{"status":"pending"}', sort: '["rupees","DESC"]' },
    }),
    refused: async (t) => ({ as: await t.admin(), query: { filter: '{"status":"maybe"}' } }),
  },
  'GET /admin/payments/:id': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.payment()).paymentId } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'no-such-payment' } }),
  },
  'GET /admin/connections': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({
      as: await t.admin(),
      query: { range: '[0,9]', filter: '{"state":"open"}' },
    }),
    refused: async (t) => ({ as: await t.brand(), query: { range: '[0,9]' } }),
  },
  'GET /admin/connections/:id': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), params: { id: await connectionId(t) } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'no-such-connection' } }),
  },
  'GET /admin/user-overviews': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({
      as: await t.admin(),
      query: { range: '[0,9]', filter: '{"verified":"none"}', sort: '["balance","DESC"]' },
    }),
    refused: async (t) => ({ as: await t.admin(), query: { filter: '{"verified":"maybe"}' } }),
  },
  'GET /admin/user-overviews/:id': {
    access: ['admin', 'auditor'],
    valid: async (t) => ({ as: await t.admin(), params: { id: (await t.brand()).userId } }),
    refused: async (t) => ({ as: await t.admin(), params: { id: 'nobody-at-all' } }),
  },
};
