import { queryOptions } from '@tanstack/react-query';
import type { WalletAnswer } from '@linkcoin/domain/wallet/contracts.ts';
import { apiRequest } from '../../../lib/api-client';

/** Lines per page of the wallet history. */
export const WALLET_PAGE_SIZE = 10;

export const walletQueryKey = ['wallet', 'me'] as const;

/**
 * GET /api/wallet/me: the signed-in user's balance and history, newest first, one page at a
 * time. Always asked afresh: the balance moves with every purchase and connection.
 */
export const walletQueryOptions = (page: number, limit = WALLET_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...walletQueryKey, { page, limit }],
    queryFn: ({ signal }) =>
      apiRequest<WalletAnswer>(`/wallet/me?page=${page}&limit=${limit}`, { auth: true, signal }),
    staleTime: 0,
  });
