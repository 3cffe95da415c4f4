import { RateLimiterMemory } from 'rate-limiter-flexible';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';
import { waitText } from '@linkcoin/domain/verification/instagram.ts';

const DAY_SECONDS = 24 * 60 * 60;

export const ADDRESS_CAP_MESSAGES = {
  requests: (wait: string) =>
    `Too many code requests from your network in the last 24 hours. Please try again in ${wait}.`,
  tries: (wait: string) =>
    `Too many wrong codes from your network in the last 24 hours. Please try again in ${wait}.`,
} as const;

export type AddressCapKind = keyof typeof ADDRESS_CAP_MESSAGES;

/**
 * The per-address caps on Instagram code requests and wrong codes (in memory, per API process:
 * the per-account and per-handle caps are in the event log and hold everywhere). `check` refuses
 * once the day's count is reached; `count` adds what was recorded, so refused requests, a
 * request answered with the one still open and right codes count nothing.
 */
export const addressCaps = (limits: { requestsPerDay: number; triesPerDay: number }) => {
  const limiters: Record<AddressCapKind, { limiter: RateLimiterMemory; points: number }> = {
    requests: {
      limiter: new RateLimiterMemory({ points: limits.requestsPerDay, duration: DAY_SECONDS }),
      points: limits.requestsPerDay,
    },
    tries: {
      limiter: new RateLimiterMemory({ points: limits.triesPerDay, duration: DAY_SECONDS }),
      points: limits.triesPerDay,
    },
  };
  return {
    check: async (kind: AddressCapKind, address: string): Promise<void> => {
      const { limiter, points } = limiters[kind];
      const used = await limiter.get(address);
      if (used && used.consumedPoints >= points) {
        throw new DomainError(
          'rate_limited',
          ADDRESS_CAP_MESSAGES[kind](waitText(used.msBeforeNext)),
        );
      }
    },
    count: async (kind: AddressCapKind, address: string): Promise<void> => {
      await limiters[kind].limiter.penalty(address, 1);
    },
  };
};

export type AddressCaps = ReturnType<typeof addressCaps>;
