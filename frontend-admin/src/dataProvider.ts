import { fetchUtils, HttpError, type DataProvider, type Identifier } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { GrantableRole } from '@linkcoin/domain/accounts/roles.ts';
import type { FiguresAnswer, FiguresPeriod } from '@linkcoin/domain/audit/figures.ts';
import type {
  AsOfAnswer,
  InvariantsReport,
  ReplayCheckView,
} from '@linkcoin/domain/audit/contracts.ts';
import type { GrantCoinsRequest } from '@linkcoin/domain/wallet/contracts.ts';
import { refreshSession } from '@linkcoin/frontend-shared/session/session.ts';
import { consoleToken } from './authProvider';
import { attachmentName } from './audit/attachment';
import type { HandleClaim } from './handle-claims/types';
import type { OtpRecord, OtpSummary } from './otp-records/types';
import type { AdminUserView } from '@linkcoin/domain/accounts/contracts.ts';
import type { ConsoleWallet } from './wallets/types';

const withToken = (options: fetchUtils.Options, token: string | null): fetchUtils.Options =>
  token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options;

/**
 * Every console request carries the signed-in user's access token as a bearer token. The token
 * is short-lived: a 401 gets a fresh one from the browser's session, and the request once more.
 */
const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const token = await consoleToken().catch(() => null);
  try {
    return await fetchUtils.fetchJson(url, withToken(options, token));
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 401) throw error;
    const renewed = await refreshSession().catch(() => null);
    if (!renewed) throw error;
    return fetchUtils.fetchJson(url, withToken(options, renewed.token));
  }
};

const API = '/api/admin';

export type ConsoleDataProvider = DataProvider & {
  /** POST /api/admin/users/:id/roles (admins only): answers the updated user. */
  grantRole: (id: Identifier, role: GrantableRole) => Promise<{ data: AdminUserView }>;
  /** DELETE /api/admin/users/:id/roles/:role (admins only): ends their sessions; the user. */
  revokeRole: (id: Identifier, role: GrantableRole) => Promise<{ data: AdminUserView }>;
  /**
   * POST /api/admin/handle-claims/:id/assign (admins only): the account's verification moves to
   * this creator (resolving their request when named). Answers the updated account.
   */
  assignHandle: (
    id: Identifier,
    userId: string,
    disputeId?: string,
  ) => Promise<{ data: HandleClaim }>;
  /** POST /api/admin/handle-claims/:id/dismiss (admins only): closes a request to the desk. */
  dismissDispute: (id: Identifier, disputeId: string) => Promise<{ data: HandleClaim }>;
  /** GET /api/admin/otp-records/summary (admins only): the OTP dashboard's tiles. */
  getOtpSummary: () => Promise<{ data: OtpSummary }>;
  /** POST /api/admin/otp-records/:id/send (admins only): answers the record, now "send". */
  sendOtp: (id: Identifier) => Promise<{ data: OtpRecord }>;
  /**
   * POST /api/admin/wallets/:id/grants (admins only), with the dialog's idempotency key: a
   * double click or a retry grants once. Answers the updated wallet.
   */
  grantCoins: (
    id: Identifier,
    grant: GrantCoinsRequest,
    idempotencyKey: string,
  ) => Promise<{ data: ConsoleWallet }>;
  /** GET /api/admin/audit/:id/as-of?at= (auditors, admins): replayed from the user's streams. */
  getAsOf: (userId: Identifier, at: string) => Promise<{ data: AsOfAnswer }>;
  /** POST /api/admin/replay-checks: starts a check (a job); answers it, queued. */
  startReplayCheck: (readModels: string[]) => Promise<{ data: ReplayCheckView }>;
  /** GET /api/admin/replay-checks/:id: the job's progress and, once done, its differences. */
  getReplayCheck: (id: Identifier) => Promise<{ data: ReplayCheckView }>;
  /** GET /api/admin/ledger-invariants: the invariants checked over the whole log, now. */
  getLedgerInvariants: () => Promise<{ data: InvariantsReport }>;
  /** GET /api/admin/figures?days=: the marketplace's figures, day by day (auditors, admins). */
  getFigures: (days: FiguresPeriod) => Promise<{ data: FiguresAnswer }>;
  /** GET a CSV export (ledger, verifications) with the bearer token: its name and content. */
  getCsv: (path: string) => Promise<{ data: CsvFile }>;
};

export type CsvFile = { filename: string; blob: Blob };

const recordPath = (resource: string, id: Identifier) =>
  `${API}/${resource}/${encodeURIComponent(String(id))}`;

/**
 * The console's "users" are the audit context's user overviews (the same accounts, with their
 * balance and verifications): every reference to a user (wallets, payments, connections, the
 * ledger's actors) reads them. Granting a role stays on /api/admin/users.
 */
const API_RESOURCES: Readonly<Record<string, string>> = { users: 'user-overviews' };
const simpleRest = simpleRestProvider(API, httpClient);
const apiResource = (resource: string) => API_RESOURCES[resource] ?? resource;

export const dataProvider: ConsoleDataProvider = {
  ...simpleRest,
  getList: (resource, params) => simpleRest.getList(apiResource(resource), params),
  getOne: (resource, params) => simpleRest.getOne(apiResource(resource), params),
  getMany: (resource, params) => simpleRest.getMany(apiResource(resource), params),
  getManyReference: (resource, params) =>
    simpleRest.getManyReference(apiResource(resource), params),
  grantRole: async (id, role) => {
    const { json } = await httpClient(`${recordPath('users', id)}/roles`, {
      method: 'POST',
      body: JSON.stringify({ role }),
    });
    return { data: json as AdminUserView };
  },
  revokeRole: async (id, role) => {
    const { json } = await httpClient(
      `${recordPath('users', id)}/roles/${encodeURIComponent(role)}`,
      { method: 'DELETE' },
    );
    return { data: json as AdminUserView };
  },
  assignHandle: async (id, userId, disputeId) => {
    const { json } = await httpClient(`${recordPath('handle-claims', id)}/assign`, {
      method: 'POST',
      body: JSON.stringify(disputeId ? { userId, disputeId } : { userId }),
    });
    return { data: json as HandleClaim };
  },
  dismissDispute: async (id, disputeId) => {
    const { json } = await httpClient(`${recordPath('handle-claims', id)}/dismiss`, {
      method: 'POST',
      body: JSON.stringify({ disputeId }),
    });
    return { data: json as HandleClaim };
  },
  getOtpSummary: async () => {
    const { json } = await httpClient(`${API}/otp-records/summary`);
    const { total, pending, sent, verified, expired } = json as OtpSummary;
    return { data: { total, pending, sent, verified, expired } };
  },
  sendOtp: async (id) => {
    const { json } = await httpClient(`${recordPath('otp-records', id)}/send`, { method: 'POST' });
    return { data: json as OtpRecord };
  },
  grantCoins: async (id, grant, idempotencyKey) => {
    const { json } = await httpClient(`${recordPath('wallets', id)}/grants`, {
      method: 'POST',
      body: JSON.stringify(grant),
      headers: new Headers({ Accept: 'application/json', 'Idempotency-Key': idempotencyKey }),
    });
    return { data: json as ConsoleWallet };
  },
  getAsOf: async (userId, at) => {
    const { json } = await httpClient(
      `${recordPath('audit', userId)}/as-of?${new URLSearchParams({ at }).toString()}`,
    );
    return { data: json as AsOfAnswer };
  },
  startReplayCheck: async (readModels) => {
    const { json } = await httpClient(`${API}/replay-checks`, {
      method: 'POST',
      body: JSON.stringify({ readModels }),
    });
    return { data: json as ReplayCheckView };
  },
  getReplayCheck: async (id) => {
    const { json } = await httpClient(recordPath('replay-checks', id));
    return { data: json as ReplayCheckView };
  },
  getLedgerInvariants: async () => {
    const { json } = await httpClient(`${API}/ledger-invariants`);
    return { data: json as InvariantsReport };
  },
  getFigures: async (days) => {
    const { json } = await httpClient(
      `${API}/figures?${new URLSearchParams({ days: String(days) })}`,
    );
    return { data: json as FiguresAnswer };
  },
  getCsv: async (path) => {
    const token = await consoleToken().catch(() => null);
    const response = await fetch(`${API}/${path}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: unknown };
      const message = typeof body.message === 'string' ? body.message : 'Could not export';
      throw new HttpError(message, response.status, body);
    }
    const fallback = path.split('/').pop() ?? 'export.csv';
    return {
      data: {
        filename: attachmentName(response.headers.get('Content-Disposition'), fallback),
        blob: await response.blob(),
      },
    };
  },
};

/** The history of one wallet, as a resource of its own (a simple-rest list, newest first). */
export const walletEntriesResource = (walletId: Identifier): string =>
  `wallets/${encodeURIComponent(String(walletId))}/entries`;

/** A user's coin ledger and verification history: simple-rest lists of the audit context. */
export const ledgerResource = (userId: Identifier): string =>
  `audit/${encodeURIComponent(String(userId))}/ledger`;
export const verificationsResource = (userId: Identifier): string =>
  `audit/${encodeURIComponent(String(userId))}/verifications`;
