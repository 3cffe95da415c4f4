import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { waitText } from '@linkcoin/domain/verification/instagram.ts';
import { addressKey, refusalOf, sharedLimiter } from '../../platform/shared-limits.ts';

const DAY_SECONDS = 24 * 60 * 60;

export const ADDRESS_CAP_MESSAGES = {
  requests: (wait: string) =>
    `Too many code requests from your network in the last 24 hours. Please try again in ${wait}.`,
  tries: (wait: string) =>
    `Too many wrong codes from your network in the last 24 hours. Please try again in ${wait}.`,
} as const;

export type AddressCapKind = keyof typeof ADDRESS_CAP_MESSAGES;

/**
 * The per-address caps on Instagram code requests and wrong codes (in memory, shared by the API
 * workers of one runtime, services/platform/shared-limits.ts; per replica in the distributed
 * runtime: the per-account and per-handle caps are in the event log and hold everywhere).
 * `reserve` takes one of the day's points before the request or the code is handled, refusing
 * once they are used up, so requests arriving at once cannot all pass a check made before any of
 * them counted; the caller gives the point back (`release`) when nothing was recorded: a refused
 * request, a request answered with the one still open, a right code.
 */
export const addressCaps = (limits: { requestsPerDay: number; triesPerDay: number }) => {
  const limiters: Record<AddressCapKind, RateLimiterAbstract> = {
    requests: sharedLimiter('instagram-code-requests', {
      points: limits.requestsPerDay,
      duration: DAY_SECONDS,
    }),
    tries: sharedLimiter('instagram-code-tries', {
      points: limits.triesPerDay,
      duration: DAY_SECONDS,
    }),
  };
  return {
    /** Takes a point for `address`; answers the function that gives it back. */
    reserve: async (kind: AddressCapKind, address: string): Promise<() => Promise<void>> => {
      const limiter = limiters[kind];
      // An IPv6 client counts by its network (addressKey), not by each of its addresses.
      const key = addressKey(address);
      const refused = await refusalOf(limiter, key);
      if (refused) {
        // The refused point is no use: it is given back at once.
        await limiter.reward(key, 1);
        throw new DomainError(
          'rate_limited',
          ADDRESS_CAP_MESSAGES[kind](waitText(refused.msBeforeNext)),
        );
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await limiter.reward(key, 1);
      };
    },
  };
};

export type AddressCaps = ReturnType<typeof addressCaps>;
