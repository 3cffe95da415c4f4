/**
 * Rate-limit counters one runtime shares across its API processes.
 *
 * With `WORKERS` > 1 the embedded runtime serves the API from several worker processes
 * (services/runtime/workers.ts), and the cluster hands each connection to any of them. A counter
 * each worker kept for itself would give an attacker one allowance per worker (ten password
 * guesses would become twenty on two workers). So in a worker every limit that guards a person
 * or an address counts in the writer process, over the cluster's IPC channel:
 * `rate-limiter-flexible`'s cluster limiter for its limiters, and express-rate-limit's own
 * cluster store for the middleware limits. In one process (and in tests) they count in memory,
 * as before.
 *
 * A count the writer does not answer within two seconds (one second for the middleware limits,
 * the cluster store's own timeout) fails closed: the request is refused as unavailable (503),
 * never as too many (429): the person did nothing wrong. The writer also holds every append, so
 * nothing else works then either.
 *
 * Limits that guard one process's own event loop (the gateway's frames per socket owner) stay
 * per process on purpose: they are not a person's allowance.
 */
import cluster from 'node:cluster';
import {
  ClusterMemoryStorePrimary,
  ClusterMemoryStoreWorker,
} from '@express-rate-limit/cluster-memory-store';
import { ipKeyGenerator, type Store } from 'express-rate-limit';
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { DomainError } from '@linkcoin/domain/shared/errors.ts';

/** How long a worker waits for the writer's count before refusing the request. */
const SHARED_COUNT_TIMEOUT_MS = 2_000;

/** Whether this process is an API worker forked by a writer (services/runtime/workers.ts). */
export const isApiWorker = (): boolean =>
  cluster.isWorker && process.env.LINKCOIN_API_WORKER === '1';

/**
 * A limiter of `points` per `duration` seconds for each key, counted across every API worker of
 * the runtime. `name` must be unique among the runtime's limiters: workers share a count by it.
 */
export const sharedLimiter = (
  name: string,
  options: { points: number; duration: number },
): RateLimiterAbstract =>
  isApiWorker()
    ? new RateLimiterCluster({
        keyPrefix: name,
        ...options,
        timeoutMs: SHARED_COUNT_TIMEOUT_MS,
      })
    : new RateLimiterMemory({ keyPrefix: name, ...options });

/** What a person reads when a limit's count could not be taken. */
export const LIMIT_UNAVAILABLE_MESSAGE =
  'We could not check this request just now. Please try again in a moment.';

/**
 * Takes `points` for `key`: null when allowed, the limiter's refusal (with its wait) when the
 * allowance is used up; a count that could not be taken throws an `unavailable` error.
 */
export const refusalOf = async (
  limiter: RateLimiterAbstract,
  key: string,
  points = 1,
): Promise<RateLimiterRes | null> => {
  try {
    await limiter.consume(key, points);
    return null;
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return refused;
    throw new DomainError('unavailable', LIMIT_UNAVAILABLE_MESSAGE);
  }
};

/**
 * The key of a client address for a limit: an IPv4 address as it is, an IPv6 address as its
 * /56 network (express-rate-limit's rule), since one client may use any address in its
 * network and would otherwise get a full allowance for each.
 */
export const addressKey = (address: string): string => ipKeyGenerator(address);

/**
 * The store for an express-rate-limit middleware named `name`: shared through the writer in an
 * API worker, undefined (the middleware's own memory store) in one process.
 */
export const sharedRateLimitStore = (name: string): { store?: Store } =>
  isApiWorker() ? { store: new ClusterMemoryStoreWorker({ prefix: name }) } : {};

let hosted = false;

/**
 * Makes this process (the writer, the cluster's primary) keep the counts its API workers share.
 * Called before the workers are forked; a second call does nothing.
 */
export const hostSharedLimits = (): void => {
  if (hosted || !cluster.isPrimary) return;
  hosted = true;
  new RateLimiterClusterMaster();
  new ClusterMemoryStorePrimary().init();
};
