import { DIRECTORY_MESSAGES as M } from '@linkcoin/domain/directory/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { addressKey, refusalOf, sharedLimiter } from '../platform/shared-limits.ts';

/**
 * Visitors' listing requests, limited per client address (an IPv6 client by its network), in
 * memory and shared by the API workers of one runtime: a visitor sees the first 10 results of
 * each search, and this keeps one address from walking the directory by varying the search.
 * Signed-in callers are limited by their coins instead.
 */
export const visitorLimit = (perMinute: number) => {
  const limiter = sharedLimiter('directory-visitors', { points: perMinute, duration: 60 });
  return async (address: string): Promise<void> => {
    if (await refusalOf(limiter, addressKey(address))) {
      throw new DomainError('rate_limited', M.tooManyVisitorSearches);
    }
  };
};

/**
 * Members' listing requests, limited per account (in memory, shared by the API workers of one
 * runtime): far above what a person browsing asks, it keeps a script from running the directory
 * in a loop (every search counts impressions in the creators' insights).
 */
export const memberLimit = (perMinute: number) => {
  const limiter = sharedLimiter('directory-members', { points: perMinute, duration: 60 });
  return async (userId: string): Promise<void> => {
    if (await refusalOf(limiter, userId)) {
      throw new DomainError('rate_limited', M.tooManyMemberSearches);
    }
  };
};
