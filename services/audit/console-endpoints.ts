import { z } from 'zod';
import { ROLES } from '@linkcoin/domain/accounts/roles.ts';
import { ACCOUNT_MESSAGES } from '@linkcoin/domain/accounts/messages.ts';
import {
  VERIFIED_FILTERS,
  type ConnectionRow,
  type ConnectionView,
  type PaymentRow,
} from '@linkcoin/domain/audit/contracts.ts';
import { PAYMENT_MESSAGES } from '@linkcoin/domain/payments/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { idField } from '@linkcoin/domain/shared/numbers.ts';
import { INSTAGRAM_OTP_STATUSES } from '@linkcoin/domain/verification/request-status.ts';
import type { FieldCondition, Query, ReadStore } from '@linkcoin/infra/readstore/port.ts';
import { signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import {
  findPage,
  listQuery,
  parseListRequest,
  sendList,
  sortOf,
} from '../platform/http/simple-rest.ts';
import { parse, parseParams } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import { AUDIT_CONNECTIONS, connectionStateOf, whereState } from './connections-projection.ts';
import { AUDIT_PAYMENTS } from './payments-projection.ts';
import {
  AUDIT_USERS,
  userOverviewOf,
  whereInstagramStatus,
  type UserOverviewDoc,
} from './users-projection.ts';

export const CONSOLE_MESSAGES = {
  connectionNotFound: 'No such connection',
} as const;

const idParams = z.object({ id: idField('id') });
const someIds = z.union([idField('id'), z.array(idField('id')).max(100)]).optional();
const userId = idField('userId').optional();
const flag = z.boolean('expected true or false').optional();

const paymentFilter = z
  .object({
    q: z.string().max(100).optional(),
    id: someIds,
    userId,
    status: z
      .enum(['pending', 'approved', 'failed', 'expired'], 'Choose a status from the list.')
      .optional(),
    provider: z.enum(['sandbox', 'razorpay'], 'Choose a provider from the list.').optional(),
    credited: flag,
  })
  .strict();

const connectionFilter = z
  .object({
    id: someIds,
    payerId: idField('payerId').optional(),
    creatorId: idField('creatorId').optional(),
    /** Either side of the connection. */
    userId,
    state: z.enum(['open', 'expired', 'removed'], 'Choose a state from the list.').optional(),
    refunded: flag,
  })
  .strict();

const userFilter = z
  .object({
    q: z.string().max(100).optional(),
    id: someIds,
    role: z.enum(ROLES, 'Choose a role from the list.').optional(),
    verified: z.enum(VERIFIED_FILTERS, 'Choose Instagram, YouTube or none.').optional(),
    instagramStatus: z
      .enum(INSTAGRAM_OTP_STATUSES, 'Choose an Instagram status from the list.')
      .optional(),
  })
  .strict();

type Where = Record<string, FieldCondition>;

const idCondition = (ids: string | string[] | undefined): Where =>
  ids === undefined ? {} : { id: Array.isArray(ids) ? { $in: ids } : ids };

const text = (q: string | undefined) => (q?.trim() ? { text: q } : {});

/**
 * The console's resources for admins (and auditors, read-only): payments, connections and the
 * users list with balances and verifications, each a read model of this context, listed through
 * ra-data-simple-rest's contract (filters, sort, range, `Content-Range`).
 */
export const consoleEndpoints = ({
  readStore,
  clock,
}: {
  readStore: ReadStore;
  clock: Clock;
}): Endpoint[] => {
  const payments = () => readStore.collection<PaymentRow>(AUDIT_PAYMENTS);
  const connections = () => readStore.collection<ConnectionRow>(AUDIT_CONNECTIONS);
  const users = () => readStore.collection<UserOverviewDoc>(AUDIT_USERS);
  const access = signedIn('admin', 'auditor');
  const connectionView = (row: ConnectionRow, now: Date): ConnectionView => ({
    ...row,
    state: connectionStateOf(row, now),
  });

  return [
    {
      method: 'get',
      path: '/admin/payments',
      summary: 'Payments with their status, provider reference, amount, coins and credit',
      access,
      input: { query: listQuery },
      handler: async (req, res) => {
        const list = parseListRequest(req);
        const filter = parse(paymentFilter, list.filter);
        const query: Query = {
          where: {
            ...idCondition(filter.id),
            ...(filter.userId ? { userId: filter.userId } : {}),
            ...(filter.status ? { status: filter.status } : {}),
            ...(filter.provider ? { provider: filter.provider } : {}),
            ...(filter.credited !== undefined ? { credited: filter.credited } : {}),
          },
          ...text(filter.q),
        };
        const { rows, total } = await findPage(
          payments(),
          query,
          list,
          ['startedAt', 'settledAt', 'rupees', 'coins', 'status'],
          ['startedAt', -1],
        );
        sendList(res, 'payments', rows, list.skip, total);
      },
    },
    {
      method: 'get',
      path: '/admin/payments/:id',
      summary: 'One payment (console show)',
      access,
      input: { params: idParams },
      handler: async (req, res) => {
        const { id } = parseParams(idParams, req);
        const row = await payments().get(id);
        if (!row) throw new DomainError('not_found', PAYMENT_MESSAGES.notFound);
        res.json(row);
      },
    },
    {
      method: 'get',
      path: '/admin/connections',
      summary: 'Connections: payer, creator, dates, expiry, renewals, removal and refund',
      access,
      input: { query: listQuery },
      handler: async (req, res) => {
        const list = parseListRequest(req);
        const filter = parse(connectionFilter, list.filter);
        const now = clock.now();
        // Either side: the payer's connections and those naming them as the creator.
        if (filter.userId && (filter.payerId || filter.creatorId)) {
          throw new DomainError(
            'validation',
            'Filter by a user, or by a payer and a creator, not both.',
          );
        }
        const base: Where = {
          ...idCondition(filter.id),
          ...(filter.payerId ? { payerId: filter.payerId } : {}),
          ...(filter.creatorId ? { creatorId: filter.creatorId } : {}),
          ...(filter.state ? whereState(filter.state, now) : {}),
          ...(filter.refunded !== undefined ? { refunded: filter.refunded } : {}),
        };
        const sorts = ['addedAt', 'expiresAt', 'renewals'];
        const defaultSort = ['addedAt', -1] as const;
        const queries: Query[] = filter.userId
          ? [
              { where: { ...base, payerId: filter.userId } },
              { where: { ...base, creatorId: filter.userId } },
            ]
          : [{ where: base }];
        if (queries.length === 1) {
          const { rows, total } = await findPage(
            connections(),
            queries[0]!,
            list,
            sorts,
            defaultSort,
          );
          sendList(
            res,
            'connections',
            rows.map((row) => connectionView(row, now)),
            list.skip,
            total,
          );
          return;
        }
        // Two sides: both lists up to the page's end, merged in the sort's order.
        const sort = sortOf(list, sorts, defaultSort);
        const [sortField, direction] = sort![0]!;
        const [paid, received, totals] = await Promise.all([
          connections().find({ ...queries[0], sort, limit: list.skip + list.limit }),
          connections().find({ ...queries[1], sort, limit: list.skip + list.limit }),
          Promise.all(queries.map((query) => connections().count(query))),
        ]);
        const key = (row: ConnectionRow) =>
          row[sortField as keyof ConnectionRow] as string | number;
        const merged = [...paid, ...received].sort((a, b) =>
          key(a) === key(b) ? (a.id < b.id ? -1 : 1) : (key(a) < key(b) ? -1 : 1) * direction,
        );
        sendList(
          res,
          'connections',
          merged.slice(list.skip, list.skip + list.limit).map((row) => connectionView(row, now)),
          list.skip,
          totals[0]! + totals[1]!,
        );
      },
    },
    {
      method: 'get',
      path: '/admin/connections/:id',
      summary: 'One connection (console show)',
      access,
      input: { params: idParams },
      handler: async (req, res) => {
        const { id } = parseParams(idParams, req);
        const row = await connections().get(id);
        if (!row) throw new DomainError('not_found', CONSOLE_MESSAGES.connectionNotFound);
        res.json(connectionView(row, clock.now()));
      },
    },
    {
      method: 'get',
      path: '/admin/user-overviews',
      summary:
        'Users with their roles, LinkCoin balance and verifications (the console users list)',
      access,
      input: { query: listQuery },
      handler: async (req, res) => {
        const list = parseListRequest(req);
        const filter = parse(userFilter, list.filter);
        const now = clock.now();
        const query: Query = {
          where: {
            ...idCondition(filter.id),
            ...(filter.role ? { roles: { $contains: filter.role } } : {}),
            ...(filter.verified === 'none'
              ? { anyVerified: false }
              : filter.verified
                ? { verified: { $contains: filter.verified } }
                : {}),
            ...(filter.instagramStatus ? whereInstagramStatus(filter.instagramStatus, now) : {}),
          },
          ...text(filter.q),
        };
        const { rows, total } = await findPage(
          users(),
          query,
          list,
          ['registeredAt', 'balance', 'ownerName', 'email', 'role'],
          ['registeredAt', -1],
        );
        sendList(
          res,
          'user-overviews',
          rows.map((row) => userOverviewOf(row, now)),
          list.skip,
          total,
        );
      },
    },
    {
      method: 'get',
      path: '/admin/user-overviews/:id',
      summary: 'One user with their roles, balance and verifications (console show)',
      access,
      input: { params: idParams },
      handler: async (req, res) => {
        const { id } = parseParams(idParams, req);
        const row = await users().get(id);
        if (!row) throw new DomainError('not_found', ACCOUNT_MESSAGES.accountNotFound);
        res.json(userOverviewOf(row, clock.now()));
      },
    },
  ];
};
