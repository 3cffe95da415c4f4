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
 * A worker whose writer does not answer a count within two seconds refuses that request (the
 * limiter rejects with an error): the writer also holds every append, so nothing else works then.
 *
 * Limits that guard one process's own event loop (the gateway's frames per socket owner) stay
 * per process on purpose: they are not a person's allowance.
 */
import cluster from 'node:cluster';
import {
  ClusterMemoryStorePrimary,
  ClusterMemoryStoreWorker,
} from '@express-rate-limit/cluster-memory-store';
import type { Store } from 'express-rate-limit';
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** How long a worker waits for the writer's count before counting on its own. */
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
