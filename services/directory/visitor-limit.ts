import { RateLimiterMemory } from 'rate-limiter-flexible';
import { DIRECTORY_MESSAGES as M } from '@linkcoin/domain/directory/messages.ts';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';

/**
 * Visitors' listing requests, limited per client address (in memory, per API process): a
 * visitor sees the first 10 results of each search, and this keeps one address from walking the
 * directory by varying the search. Signed-in callers are limited by their coins instead.
 */
export const visitorLimit = (perMinute: number) => {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
  return async (address: string): Promise<void> => {
    try {
      await limiter.consume(address);
    } catch {
      throw new DomainError('rate_limited', M.tooManyVisitorSearches);
    }
  };
};
