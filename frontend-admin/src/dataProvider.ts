import { fetchUtils, type DataProvider, type Identifier } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { GrantableRole } from '@linkcoin/domain/accounts/roles.ts';
import type { GrantCoinsRequest } from '@linkcoin/domain/wallet/contracts.ts';
import { getSessionToken } from '@linkcoin/frontend-shared/session/session.ts';
import type { OtpRecord, OtpSummary } from './otp-records/types';
import type { ConsoleUser } from './users/types';
import type { ConsoleWallet } from './wallets/types';

/** Every console request carries the signed-in user's token as a bearer token. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const token = getSessionToken();
  return fetchUtils.fetchJson(
    url,
    token ? { ...options, user: { authenticated: true, token: `Bearer ${token}` } } : options,
  );
};

const API = '/api/admin';

export type ConsoleDataProvider = DataProvider & {
  /** POST /api/admin/users/:id/roles (admins only): answers the updated user. */
  grantRole: (id: Identifier, role: GrantableRole) => Promise<{ data: ConsoleUser }>;
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
};

const recordPath = (resource: string, id: Identifier) =>
  `${API}/${resource}/${encodeURIComponent(String(id))}`;

export const dataProvider: ConsoleDataProvider = {
  ...simpleRestProvider(API, httpClient),
  grantRole: async (id, role) => {
    const { json } = await httpClient(`${recordPath('users', id)}/roles`, {
      method: 'POST',
      body: JSON.stringify({ role }),
    });
    return { data: json as ConsoleUser };
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
};

/** The history of one wallet, as a resource of its own (a simple-rest list, newest first). */
export const walletEntriesResource = (walletId: Identifier): string =>
  `wallets/${encodeURIComponent(String(walletId))}/entries`;
