import { z } from 'zod';
import {
  grantCoinsRequest,
  walletQuery,
  type WalletAnswer,
} from '@linkcoin/domain/wallet/contracts.ts';
import { idField } from '@linkcoin/domain/shared/numbers.ts';
import { callerOf, signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import type { ClientKeys } from '../platform/http/idempotency.ts';
import { findPage, listQuery, parseListRequest, sendList } from '../platform/http/simple-rest.ts';
import { parse, parseBody, parseParams, parseQuery } from '../platform/http/validate.ts';
import type { WalletHandlers } from './handlers.ts';

const idParams = z.object({ id: idField('id') });
const walletFilter = z.object({
  q: z.string().max(64).optional(),
  id: z.union([z.string().max(64), z.array(z.string().max(64)).max(100)]).optional(),
});

/** The signed-in user's own wallet (the user app), and the console's wallets resource. */
export const walletEndpoints = ({
  wallet,
  keys,
}: {
  wallet: WalletHandlers;
  keys: ClientKeys;
}): Endpoint[] => [
  {
    method: 'get',
    path: '/wallet/me',
    summary: "The signed-in user's LinkCoin balance and history, newest first, by page",
    access: signedIn(),
    input: { query: walletQuery },
    handler: async (req, res) => {
      const { userId } = callerOf(req);
      const { page = 1, limit = 20 } = parseQuery(walletQuery, req);
      const [balance, history] = await Promise.all([
        wallet.balanceOf(userId),
        wallet.historyOf(userId, (page - 1) * limit, limit),
      ]);
      res.json({
        success: true,
        balance,
        entries: await wallet.withNames(history.rows),
        page,
        totalPages: Math.max(1, Math.ceil(history.total / limit)),
      } satisfies WalletAnswer);
    },
  },
  {
    method: 'get',
    path: '/admin/wallets',
    summary: 'Wallets with their balance and totals, filterable by user id (console list)',
    access: signedIn('admin', 'auditor'),
    input: { query: listQuery },
    handler: async (req, res) => {
      const list = parseListRequest(req);
      const filter = parse(walletFilter, list.filter);
      const ids = filter.id ?? (filter.q?.trim() ? filter.q.trim() : undefined);
      const query = ids ? { where: { id: Array.isArray(ids) ? { $in: ids } : ids } } : {};
      const { rows, total } = await findPage(
        wallet.wallets(),
        query,
        list,
        ['updatedAt', 'balance'],
        ['updatedAt', -1],
      );
      sendList(res, 'wallets', rows, list.skip, total);
    },
  },
  {
    method: 'get',
    path: '/admin/wallets/:id',
    summary: "One user's wallet (a user with no coins yet has an empty one)",
    access: signedIn('admin', 'auditor'),
    input: { params: idParams },
    handler: async (req, res) => {
      const { id } = parseParams(idParams, req);
      await wallet.requireAccount(id);
      res.json(await wallet.walletOf(id));
    },
  },
  {
    method: 'get',
    path: '/admin/wallets/:id/entries',
    summary: "One user's wallet history, newest first (console list)",
    access: signedIn('admin', 'auditor'),
    input: { params: idParams, query: listQuery },
    handler: async (req, res) => {
      const { id } = parseParams(idParams, req);
      await wallet.requireAccount(id);
      const list = parseListRequest(req);
      const history = await wallet.historyOf(id, list.skip, list.limit);
      sendList(res, 'entries', history.rows, list.skip, history.total);
    },
  },
  {
    method: 'post',
    path: '/admin/wallets/:id/grants',
    summary: 'Grant LinkCoins to a user, with the reason (admins; Idempotency-Key accepted)',
    access: signedIn('admin'),
    acceptsIdempotencyKey: true,
    input: { params: idParams, body: grantCoinsRequest },
    handler: async (req, res) => {
      const { id } = parseParams(idParams, req);
      const { coins, reason } = parseBody(grantCoinsRequest, req);
      const view = await wallet.grant(
        { userId: id, coins, reason, by: callerOf(req).userId },
        await keys.keyedMetadata(req),
      );
      res.status(201).json(view);
    },
  },
];
