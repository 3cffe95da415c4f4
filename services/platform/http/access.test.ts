/**
 * The access guard of every endpoint answers the same whether the authenticator tells who is
 * calling at once (a remembered token of a current account) or after waiting (a token it has to
 * verify, an account it has to read): the same refusals, the same callers, nothing run twice.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@linkcoin/domain/accounts/messages.ts';
import { edgeApp } from '../../testing/edge-app.ts';
import {
  anyoneIdentified,
  endpointRouter,
  principalOf,
  signedIn,
  type AuthOutcome,
  type Authenticator,
  type Endpoint,
  type Principal,
} from './endpoint.ts';

const person = (userId: string, roles: Principal['roles']): Principal => ({
  userId,
  email: `${userId}@example.com`,
  role: roles.includes('user') ? 'user' : 'influencer',
  roles,
  tokenVersion: 0,
});

/** Tokens by what they stand for: `brand-1`, `creator-2`, `admin-3`, `expired`. */
const outcomeOf = (token: string | undefined): AuthOutcome => {
  if (token === undefined) return { kind: 'anonymous' };
  if (token === 'expired') return { kind: 'rejected', message: M.sessionExpired };
  const [kind, n] = token.split('-');
  if (kind === 'brand') return { kind: 'principal', principal: person(token, ['user']) };
  if (kind === 'creator') return { kind: 'principal', principal: person(token, ['influencer']) };
  if (kind === 'admin' && n) {
    return { kind: 'principal', principal: person(token, ['influencer', 'admin']) };
  }
  return { kind: 'rejected', message: M.sessionExpired };
};

const tokenOf = (header: string | undefined) => header?.replace(/^Bearer /, '');

const atOnce: Authenticator = (req) => outcomeOf(tokenOf(req.headers.authorization));
const afterWaiting: Authenticator = async (req) => {
  await new Promise((resolve) => setTimeout(resolve, 1));
  return outcomeOf(tokenOf(req.headers.authorization));
};

const appWith = (authenticate: Authenticator) => {
  const ran: string[] = [];
  const endpoints: Endpoint[] = [
    {
      method: 'get',
      path: '/open',
      summary: 'anyone, identified when possible',
      access: anyoneIdentified,
      input: {},
      handler: (req, res) => {
        ran.push('open');
        res.json({ success: true, caller: principalOf(req)?.userId ?? null });
      },
    },
    {
      method: 'put',
      path: '/own/:userId',
      summary: "the caller's own account, or any as admin",
      access: signedIn(),
      subject: { in: 'params', field: 'userId' },
      input: {},
      handler: (req, res) => {
        ran.push('own');
        res.json({ success: true, caller: principalOf(req)?.userId ?? null });
      },
    },
    {
      method: 'get',
      path: '/desk',
      summary: 'admins only',
      access: signedIn('admin'),
      input: {},
      handler: (_req, res) => {
        ran.push('desk');
        res.json({ success: true });
      },
    },
  ];
  const app = edgeApp({ api: endpointRouter(endpoints, authenticate) });
  return { app, ran };
};

const cases: readonly (readonly [string, string, string | undefined])[] = [
  ['GET', '/api/open', undefined],
  ['GET', '/api/open', 'brand-1'],
  ['GET', '/api/open', 'expired'],
  ['PUT', '/api/own/brand-1', undefined],
  ['PUT', '/api/own/brand-1', 'expired'],
  ['PUT', '/api/own/brand-1', 'brand-1'],
  ['PUT', '/api/own/brand-1', 'creator-2'],
  ['PUT', '/api/own/brand-1', 'admin-3'],
  ['GET', '/api/desk', 'creator-2'],
  ['GET', '/api/desk', 'admin-3'],
  ['GET', '/api/desk', undefined],
];

const answersOf = async (authenticate: Authenticator) => {
  const { app, ran } = appWith(authenticate);
  const answers = [];
  for (const [method, path, token] of cases) {
    const sent = method === 'GET' ? request(app).get(path) : request(app).put(path);
    const answer = await (token ? sent.set('Authorization', `Bearer ${token}`) : sent);
    answers.push({ method, path, token, status: answer.status, body: answer.body as unknown });
  }
  return { answers, ran };
};

describe('the access guard', () => {
  it('answers the same whether the caller is known at once or after waiting', async () => {
    const known = await answersOf(atOnce);
    const waited = await answersOf(afterWaiting);
    expect(known).toEqual(waited);
    expect(known.answers.map(({ status }) => status)).toEqual([
      200, 200, 200, 401, 401, 200, 403, 200, 403, 200, 401,
    ]);
    expect(known.answers[1]!.body).toEqual({ success: true, caller: 'brand-1' });
    expect(known.answers[2]!.body).toEqual({ success: true, caller: null });
    expect(known.answers[4]!.body).toMatchObject({ success: false, message: M.sessionExpired });
    expect(known.answers[6]!.body).toMatchObject({ success: false, message: M.notYourAccount });
    expect(known.answers[8]!.body).toMatchObject({ success: false, message: M.adminOnly });
    expect(known.ran).toEqual(['open', 'open', 'open', 'own', 'own', 'desk']);
  });
});
